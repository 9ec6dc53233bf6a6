import DIKataCore

/// Why grading could not produce a verdict at all. Problems in the learner's code are never
/// errors: they become check results. These are problems with the kata, the machine or dikata.
public enum GradingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kata or catalog is malformed (exit code 2).
    case kata(ManifestError)
    /// Something the user must set up or choose (exit code 2).
    case configuration(String)
    /// dikata itself failed (exit code 3).
    case `internal`(String)

    public var description: String {
        switch self {
        case .kata(let error): "The kata is malformed: \(error)"
        case .configuration(let message): message
        case .internal(let message): "dikata failed: \(message)"
        }
    }
}
