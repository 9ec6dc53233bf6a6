/// A request together with the type its answer decodes to. Because the answer type is part
/// of the value, a call site cannot ask for the wrong one: `execute(.items)` can only produce
/// `[Item]`.
///
/// Features declare their own in a constrained extension:
///
///     extension Endpoint where Response == [Item] {
///         static var items: Self { Endpoint(APIRequest(method: "GET", path: "/items")) }
///     }
public struct Endpoint<Response: Decodable & Sendable>: Sendable, Equatable {
    public var request: APIRequest

    public init(_ request: APIRequest) {
        self.request = request
    }
}

extension ServerAPIClient {
    /// Sends `endpoint`'s request and decodes the answer as the endpoint's `Response`.
    /// It is `execute(_:completion:)` with the answer type taken from the endpoint.
    public func execute<Response>(
        _ endpoint: Endpoint<Response>,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) {
        execute(endpoint.request, file: file, line: line, function: function, completion: completion)
    }
}
