/// A problem found while reading a kata manifest or the catalog, with enough detail for a
/// kata author to fix it without reading dikata's source.
public struct ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file that holds the problem, as the author would type it (e.g. `Katas/01-singleton/kata.yaml`).
    public var file: String
    /// The field path inside the file (`checks[2].points`), or nil when the whole file is at fault.
    public var field: String?
    /// What is wrong and, where possible, what would be right.
    public var problem: String
    /// The 1-based line of the problem when the YAML parser reported one.
    public var line: Int?

    public init(file: String, field: String? = nil, problem: String, line: Int? = nil) {
        self.file = file
        self.field = field
        self.problem = problem
        self.line = line
    }

    public var description: String {
        var head = file
        if let line { head += ":\(line)" }
        if let field, !field.isEmpty { head += ": \(field)" }
        return "\(head): \(problem)"
    }
}
