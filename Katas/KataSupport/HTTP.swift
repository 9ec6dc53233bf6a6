import Foundation

/// One HTTP request, as the app's API client builds it. The `Host` header says which server
/// it is meant for.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The path on the server, such as `/items`.
    public var path: String
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, path: String, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// `POST /session`, for messages.
    public var summary: String { "\(method) \(path)" }
}

/// What a server answered.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }

    /// A response whose body is `json`, as UTF-8.
    public static func json(_ json: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Data(json.utf8))
    }
}

/// Why a request got no answer at all.
public enum TransportError: Error, Sendable, Equatable {
    /// The device is offline.
    case offline
    /// Code reached the production network, which these katas never open. The text names the
    /// request, such as `POST /session`.
    case networkForbidden(String)
}
