import Yams

/// A known-bad version of a kata's solution (`variants/<name>/variant.yaml`), kept so that
/// `dikata dev check` can prove every check catches at least one real mistake.
public struct VariantManifest: Equatable, Sendable {
    /// The folder name.
    public var name: String
    /// One sentence: what this wrong solution does.
    public var description: String
    /// The checks that must not pass for this variant.
    public var fails: [String]

    public init(name: String, description: String, fails: [String]) {
        self.name = name
        self.description = description
        self.fails = fails
    }
}

extension ManifestDecoder {
    public func variant(fromYAML text: String, name: String, file: String, checks: [String]) throws -> VariantManifest {
        guard let node = try? Yams.compose(yaml: text) else {
            throw ManifestError(file: file, problem: "is empty or not valid YAML")
        }
        var fields = try YAMLFields(node, file: file, path: "")
        let description = try fields.string("description")
        let fails = try fields.strings("fails")
        try fields.finish()
        guard !fails.isEmpty else {
            throw fields.error("fails", "list at least one check this variant must fail")
        }
        for (index, id) in fails.enumerated() where !checks.contains(id) {
            throw fields.error("fails", "entry \(index) \"\(id)\" is not the id of a check in this kata")
        }
        return VariantManifest(name: name, description: description, fails: fails)
    }
}

