/// Why the list could not be loaded, in words the list screen understands.
public enum ItemsError: Error, Equatable, Sendable {
    case offline
    case serverProblem
}
