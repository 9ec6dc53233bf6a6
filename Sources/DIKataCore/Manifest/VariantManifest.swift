import Yams

/// A known-bad version of a kata's solution (`variants/<name>/variant.yaml`), kept so that
/// `dikata dev check` can prove every check catches at least one real mistake.
public struct VariantManifest: Equatable, Sendable {
    /// The folder name.
    public var name: String
    /// One sentence: what this version of the solution does.
    public var description: String
    /// The checks that must not pass for this variant; empty for an alternative solution
    /// (`passes: all`), which must pass every check.
    public var fails: [String]
    /// Package paths of starter or solution files the variant deletes before its own files
    /// are laid over (an alternative design may not need a file the solution has).
    public var remove: [String]

    public init(name: String, description: String, fails: [String], remove: [String] = []) {
        self.name = name
        self.description = description
        self.fails = fails
        self.remove = remove
    }

    /// An alternative correct solution: a different design that must pass every check.
    public var passesEveryCheck: Bool { fails.isEmpty }
}

extension ManifestDecoder {
    public func variant(fromYAML text: String, name: String, file: String, checks: [String]) throws -> VariantManifest {
        guard let node = try? Self.compose(text) else {
            throw ManifestError(file: file, problem: "is empty or not valid YAML")
        }
        var fields = try YAMLFields(node, file: file, path: "")
        let description = try fields.string("description")
        let passes = try fields.optionalString("passes")
        let fails = try fields.strings("fails", default: [])
        let remove = try fields.strings("remove", default: [])
        try fields.finish()
        switch (passes, fails.isEmpty) {
        case (nil, true):
            throw fields.error(
                "fails",
                "list the checks this variant must fail, or say `passes: all` for a correct alternative solution")
        case (.some, false):
            throw fields.error(
                "passes", "a variant either passes every check (`passes: all`) or lists what it `fails`, not both")
        case (.some(let value), true) where value != "all":
            throw fields.error("passes", "the only value is `all` (an alternative solution passes every check)")
        default:
            break
        }
        for (index, id) in fails.enumerated() where !checks.contains(id) {
            throw fields.error("fails", "entry \(index) \"\(id)\" is not the id of a check in this kata")
        }
        try requirePackagePaths(remove, field: "remove", fields: fields)
        return VariantManifest(name: name, description: description, fails: fails, remove: remove)
    }
}
