import Foundation
import KataSupport

/// Shelf's connection to its server.
///
/// `shared` is the client the app uses, but it is only a default: anyone may build a client
/// for another server or with another transport, the way `URLSession` works.
///
/// The client is an actor. A `static let` can be read from any thread, so what it holds must
/// be `Sendable`; an actor is, without a conformance that somebody has to keep true by hand.
/// The endpoints were already `async`, so callers `await` them exactly as before.
public actor ServerAPIClient {
    /// The production client. In this course its transport never leaves the machine: it
    /// reports where it was called from and fails.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    private let baseURL: URL
    private let transport: any Transport

    /// A client for the server at `baseURL` that sends every request through `transport`.
    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    // MARK: - Endpoints

    /// `POST /session` with the credentials as JSON.
    ///
    /// Leave `file`, `line` and `function` alone: they record which line of feature code
    /// made the call.
    public func signIn(
        user: String, password: String, installationID: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        let request = makeRequest("POST", "/session", installationID: installationID, body: body)
        let response = try await send(request, from: CallSite(fileID: file, line: line, function: function))
        return try decode(Session.self, from: response)
    }

    /// `GET /items` for the signed-in user.
    public func fetchItems(
        token: String, installationID: String,
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async throws -> [Item] {
        var request = makeRequest("GET", "/items", installationID: installationID, body: nil)
        request.headers["Authorization"] = "Bearer \(token)"
        let response = try await send(request, from: CallSite(fileID: file, line: line, function: function))
        return try decode([Item].self, from: response)
    }

    // MARK: - Plumbing

    /// Builds a request for this client's server. It only reads constants, so it needs no
    /// isolation.
    private nonisolated func makeRequest(
        _ method: String, _ path: String, installationID: String, body: Data?
    ) -> HTTPRequest {
        let headers = ["Host": baseURL.host ?? "", "X-Install-ID": installationID]
        return HTTPRequest(method: method, path: path, headers: headers, body: body)
    }

    private func send(_ request: HTTPRequest, from site: CallSite) async throws -> HTTPResponse {
        let result = await withCheckedContinuation { continuation in
            transport.send(request, from: site) { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let response) where (200..<300).contains(response.status):
            return response
        case .success(let response):
            throw APIError.status(response.status)
        case .failure(let error):
            throw APIError.transport(error)
        }
    }

    private nonisolated func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponse) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw APIError.malformedResponse
        }
    }
}
