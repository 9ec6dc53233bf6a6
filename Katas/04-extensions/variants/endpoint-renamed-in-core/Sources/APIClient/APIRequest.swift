import Foundation

/// What an endpoint wants sent: method, path and an optional JSON body. The client adds the
/// headers when it sends it.
public struct APIRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// Where on the server, for example `/friends`.
    public var path: String
    /// A JSON document, or nil for a request without a body.
    public var body: Data?

    public init(method: String, path: String, body: Data? = nil) {
        self.method = method
        self.path = path
        self.body = body
    }
}

// Shorthands that Shelf's feature targets share. They are `package`: every target in this
// package may use them, but they are not part of APIClient's public contract.
extension APIRequest {
    /// A `GET` without a body.
    package static func get(_ path: String) -> APIRequest {
        APIRequest(method: "GET", path: path)
    }

    /// A `POST` whose body is `payload` as JSON. If `payload` cannot be encoded, the request
    /// goes out without a body and the server refuses it.
    package static func post(_ path: String, json payload: some Encodable) -> APIRequest {
        APIRequest(method: "POST", path: path, body: try? JSONEncoder().encode(payload))
    }
}
