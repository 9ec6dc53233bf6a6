/// The line of feature code that asked for a request, e.g. "signIn() (Login/LoginViewModel.swift:27)".
///
/// ServerAPIClient's endpoints capture it with `#fileID`, `#line` and `#function` default
/// arguments, so a check can say exactly which line reached the production server.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    /// The module and file name, as `#fileID` gives it: "Items/ItemListViewModel.swift".
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
