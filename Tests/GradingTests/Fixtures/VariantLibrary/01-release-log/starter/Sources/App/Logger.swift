public protocol Logger: Sendable {
    func log(_ line: String) -> String?
}

/// Writes every line.
public struct DebugLogger: Logger {
    public init() {}
    public func log(_ line: String) -> String? { line }
}

/// Writes nothing.
public struct SilentLogger: Logger {
    public init() {}
    public func log(_ line: String) -> String? { nil }
}
