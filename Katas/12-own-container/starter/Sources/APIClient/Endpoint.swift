import Foundation

/// One request to the Shelf server, and the type its answer decodes to.
public struct Endpoint<Response: Decodable>: Sendable {
    public var method: String
    public var path: String
    /// The JSON body, if the request has one.
    public var body: Data?
    /// The session token, for requests that need a signed-in user.
    public var token: String?

    public init(method: String, path: String, body: Data? = nil, token: String? = nil) {
        self.method = method
        self.path = path
        self.body = body
        self.token = token
    }
}
