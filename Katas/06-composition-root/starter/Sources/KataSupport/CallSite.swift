/// A place in the learner's code, captured with `#fileID`, `#line` and `#function`.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    /// The module and file, such as "Items/ItemListViewModel.swift".
    public let fileID: String
    public let line: Int
    public let function: String

    public init(fileID: String, line: Int, function: String) {
        self.fileID = fileID
        self.line = line
        self.function = function
    }

    public var description: String { "\(function) (\(fileID):\(line))" }
}
