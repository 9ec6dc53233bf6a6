import Yams

/// The named change that turns the previous kata's reference solution into this kata's starter
/// (`<kata>/delta/delta.yaml`; the delta's files sit beside it). See `Katas/README.md`.
public struct DeltaManifest: Equatable, Sendable {
    /// The delta format this dikata reads.
    public static let supportedFormat = 1

    public var format: Int
    /// The previous kata in the chain: the delta is laid over its reference solution.
    public var from: String
    /// The change, in one line ("Two servers in one test").
    public var title: String
    /// Why the change is made: one paragraph for the README and the tutorial.
    public var why: String
    /// Package paths of files of the previous solution that the delta deletes.
    public var remove: [String]
    /// Checks of kata `from` that are expected to fail on this kata's starter: the pain the
    /// delta creates. Every other check of `from` must still pass.
    public var breaks: [String]

    public init(
        format: Int = DeltaManifest.supportedFormat, from: String, title: String, why: String,
        remove: [String] = [], breaks: [String] = []
    ) {
        self.format = format
        self.from = from
        self.title = title
        self.why = why
        self.remove = remove
        self.breaks = breaks
    }
}

extension ManifestDecoder {
    /// Decodes `delta.yaml`. `from` and `breaks` are checked against the library by the caller,
    /// which knows the other katas.
    public func delta(fromYAML text: String, file: String) throws -> DeltaManifest {
        guard let node = try? Self.compose(text) else {
            throw ManifestError(file: file, problem: "is empty or not valid YAML")
        }
        var fields = try YAMLFields(node, file: file, path: "")
        let format = try fields.int("format", minimum: 1)
        guard format == DeltaManifest.supportedFormat else {
            throw fields.error(
                "format", "this dikata reads delta format \(DeltaManifest.supportedFormat), the file says \(format)")
        }
        let from = try fields.string("from")
        let title = try fields.string("title")
        let why = try fields.string("why")
        let remove = try fields.strings("remove", default: [])
        let breaks = try fields.strings("breaks", default: [])
        try fields.finish()
        if title.contains("\n") { throw fields.error("title", "must be one line") }
        try requirePackagePaths(remove, field: "remove", fields: fields)
        return DeltaManifest(format: format, from: from, title: title, why: why, remove: remove, breaks: breaks)
    }
}
