/// A place in the learner's package: a path relative to the kata package root, and a line.
public struct SourceLocation: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line)" }
}
