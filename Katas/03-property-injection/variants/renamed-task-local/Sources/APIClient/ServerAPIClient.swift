import Foundation
import KataSupport

/// Talks to the Shelf server.
///
/// `shared` is the production client. Tests and staging builds create their own with
/// `init(baseURL:transport:)`. The class is `open` so that tests can subclass it and override
/// the endpoints (which is also why it has to promise `@unchecked Sendable`).
open class ServerAPIClient: @unchecked Sendable {
    /// The production client.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    /// The client the view models use right now: `shared`, unless the caller runs inside
    /// `ServerAPIClient.$ambient.withValue(other) { … }`, which overrides it for that closure
    /// and the tasks it starts, and restores it afterwards.
    @TaskLocal public static var ambient: ServerAPIClient = .shared

    public let baseURL: URL
    private let transport: any Transport

    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    // MARK: - Endpoints
    //
    // The `file`, `line` and `function` parameters are filled in by the compiler at the call
    // site, so the transport learns which feature code made the call.

    /// `POST /session` with the credentials as JSON. The server answers with the account.
    open func signIn(
        user: String, password: String,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        let request = APIRequest(method: "POST", path: "/session", body: body)
        send(request, from: CallSite(fileID: file, line: line, function: function)) { result in
            completion(
                result.flatMap { data in
                    guard let account = try? JSONDecoder().decode(User.self, from: data) else {
                        return .failure(.malformedResponse)
                    }
                    return .success(account)
                })
        }
    }

    /// `GET /items`. The server answers with the user's shelf.
    open func fetchItems(
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<[Item], APIError>) -> Void
    ) {
        let request = APIRequest(method: "GET", path: "/items")
        send(request, from: CallSite(fileID: file, line: line, function: function)) { result in
            completion(
                result.flatMap { data in
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    guard let items = try? decoder.decode([Item].self, from: data) else {
                        return .failure(.malformedResponse)
                    }
                    return .success(items)
                })
        }
    }

    // MARK: - Plumbing

    /// Hands the request to the transport and turns its answer into the body bytes or an error.
    func send(
        _ request: APIRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<Data, APIError>) -> Void
    ) {
        var headers = ["Accept": "application/json", "Host": baseURL.host ?? ""]
        if request.body != nil { headers["Content-Type"] = "application/json" }
        let outgoing = HTTPRequest(method: request.method, path: request.path, headers: headers, body: request.body)
        transport.send(outgoing, from: site) { result in
            switch result {
            case .success(let response) where (200..<300).contains(response.status):
                completion(.success(response.body))
            case .success(let response):
                completion(.failure(.status(response.status)))
            case .failure:
                completion(.failure(.unreachable))
            }
        }
    }
}

/// One request as the endpoints describe it; `send` adds the headers.
struct APIRequest: Sendable, Equatable {
    var method: String
    var path: String
    var body: Data? = nil
}
