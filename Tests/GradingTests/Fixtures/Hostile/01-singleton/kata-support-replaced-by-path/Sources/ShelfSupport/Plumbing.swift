import Foundation
import Synchronization

// The same public API as the kata's KataSupport, copied, so APIClient and the hidden checks
// compile against it unchanged. Only the tripwire (Tripwire.swift) behaves differently.

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

/// Moves one request to a server and brings its answer back.
///
/// The app's API client is built on a transport. In these katas nothing ever opens a socket:
/// production code gets a `TripwireTransport`, and tests get a `RecordingTransport`.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// The production transport of the katas. It never sends anything: it writes the request into
/// the log of the check that is running (if a check bound one, see `Tripwire`) and fails with
/// `.networkForbidden`.
public struct TripwireTransport: Transport {
    public init() {}

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        Tripwire.log?.record(request)
        throw .networkForbidden(request.summary)
    }
}

/// A fake server for tests: it answers each path with a canned reply (a 404 for a path it
/// does not know) and remembers every request it was sent.
///
/// It answers after one suspension point, as a real network would, so other tasks get to run
/// between a request and its answer.
public final class RecordingTransport: Transport {
    private struct State {
        var replies: [String: Result<HTTPResponse, TransportError>] = [:]
        var requests: [HTTPRequest] = []
    }

    private let state = Mutex(State())

    /// - Parameter responses: the reply for each path, such as `"/session"`.
    public init(_ responses: [String: HTTPResponse] = [:]) {
        state.withLock { state in
            for (path, response) in responses { state.replies[path] = .success(response) }
        }
    }

    /// A server that signs `user` in and lists `Fixtures.items` and `Fixtures.friends`.
    public static func shelf(user: String = "ada") -> RecordingTransport {
        RecordingTransport([
            "/session": Fixtures.session(user: user),
            "/items": Fixtures.items,
            "/friends": Fixtures.friends,
            "/v2/session": Fixtures.sessionV2(user: user),
            "/v2/items": Fixtures.itemsV2,
        ])
    }

    /// From now on, answers requests for `path` with `response`.
    public func respond(to path: String, with response: HTTPResponse) {
        state.withLock { $0.replies[path] = .success(response) }
    }

    /// From now on, fails requests for `path` with `error`.
    public func fail(_ path: String, with error: TransportError) {
        state.withLock { $0.replies[path] = .failure(error) }
    }

    /// Every request received so far, oldest first.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let reply = state.withLock { state in
            state.requests.append(request)
            return state.replies[request.path] ?? .success(HTTPResponse(status: 404))
        }
        await Task.yield()
        return try reply.get()
    }
}

/// What the Shelf server answers, as JSON with snake_case keys.
public enum Fixtures {
    /// The books every fake server lists, as the app's own tests expect them.
    public static let titles = ["The Left Hand of Darkness", "Piranesi", "A Wizard of Earthsea"]

    /// The answer to `POST /session`: a token for `user`.
    public static func session(user: String) -> HTTPResponse {
        .json(#"{"token": "token-\#(user)", "user_name": "\#(user)"}"#)
    }

    /// The answer to `GET /items`: the signed-in user's shelf.
    public static let items = HTTPResponse.json(
        #"""
        [
          {"id": 1, "title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin"},
          {"id": 2, "title": "Piranesi", "author": "Susanna Clarke"},
          {"id": 3, "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin"}
        ]
        """#)

    /// The answer to `GET /friends`: the people the user follows.
    public static let friends = HTTPResponse.json(
        #"""
        [
          {"id": "f-1", "name": "Grace Hopper", "shared_items": 4},
          {"id": "f-2", "name": "Alan Turing", "shared_items": 0}
        ]
        """#)

    /// A sign-in the server refused: wrong user name or password.
    public static let unauthorized = HTTPResponse.json(#"{"error": "invalid_credentials"}"#, status: 401)

    /// Version 2 of the server API (`POST /v2/session`): the token and the account are nested.
    public static func sessionV2(user: String) -> HTTPResponse {
        .json(
            #"""
            {"access_token": "token-\#(user)", "expires_in": 3600,
             "account": {"handle": "\#(user)", "display_name": "\#(user.prefix(1).uppercased() + user.dropFirst())"}}
            """#)
    }

    /// Version 2 of `GET /v2/items`: the list is wrapped in a page, and authors are a list.
    public static let itemsV2 = HTTPResponse.json(
        #"""
        {"page": 1, "items": [
          {"id": 1, "title": "The Left Hand of Darkness", "authors": ["Ursula K. Le Guin"]},
          {"id": 2, "title": "Piranesi", "authors": ["Susanna Clarke"]},
          {"id": 3, "title": "A Wizard of Earthsea", "authors": ["Ursula K. Le Guin"]}
        ]}
        """#)
}

/// Stands in for what an operating system hands an app when it starts (on iOS: the scene and
/// its window). Only `Launcher` can create one, so tests can never call code that needs it:
/// keep such code to a single line that hands over to something testable.
public struct LaunchToken: Sendable {
    /// Where this app's screens appear.
    public let terminal: Terminal

    fileprivate init() {
        terminal = Terminal()
    }
}

/// The app's window onto the user: lines written here are printed.
public struct Terminal: Sendable {
    fileprivate init() {}

    public func write(_ lines: [String]) {
        for line in lines { print(line) }
    }
}

/// Starts an app the way an operating system would: once, with a fresh token.
public enum Launcher {
    public static func launch(_ app: (LaunchToken) -> Void) {
        app(LaunchToken())
    }
}
