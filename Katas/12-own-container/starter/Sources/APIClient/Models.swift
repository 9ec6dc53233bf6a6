import KataSupport

/// Why a request to the server did not give what was asked for.
public enum APIError: Error, Sendable, Equatable {
    /// The request never got an answer.
    case transport(TransportError)
    /// The server answered with a status outside 200...299.
    case status(Int)
    /// The server's answer was not the JSON we expected.
    case malformedResponse
}
