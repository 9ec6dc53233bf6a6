/// Why the list could not be loaded, in words the list screen understands.
public enum ItemsError: Error, Equatable, Sendable {
    /// The server could not be reached.
    case offline
    /// The server answered, but not in a way that makes sense.
    case serverProblem
}
