/// A place in feature code that reached the network layer: the function, and the file and line
/// of the call. The client's endpoint methods capture it with `#fileID`, `#line` and `#function`
/// default arguments, so it names the caller, not the client.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    /// `Module/File.swift`, for example `Items/ItemListViewModel.swift`.
    public let fileID: String
    public let line: Int
    /// The calling function, for example `reload()`.
    public let function: String

    public init(fileID: String, line: Int, function: String) {
        self.fileID = fileID
        self.line = line
        self.function = function
    }

    /// `reload() (Items/ItemListViewModel.swift:22)`
    public var description: String { "\(function) (\(fileID):\(line))" }
}
