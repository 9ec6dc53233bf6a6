import Foundation
import Synchronization

// The same public API as the kata's KataSupport, so APIClient and the hidden checks compile
// against it unchanged. Only the tripwire (Tripwire.swift) behaves differently.

public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    public let fileID: String
    public let line: Int
    public let function: String

    public init(fileID: String, line: Int, function: String) {
        self.fileID = fileID
        self.line = line
        self.function = function
    }

    public var description: String { "\(function) (\(fileID):\(line))" }
}

public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var path: String
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, path: String, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }
}

public enum TransportError: Error, Sendable, Equatable {
    case networkForbidden(CallSite)
    case offline
}

public protocol Transport: Sendable {
    func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void)
}

public struct TripwireTransport: Transport {
    public init() {}

    public func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        Tripwire.log?.record(site, request: request)
        completion(.failure(.networkForbidden(site)))
    }
}

public final class RecordingTransport: Transport {
    private let responses: [String: HTTPResponse]
    private let received = Mutex<[(site: CallSite, request: HTTPRequest)]>([])

    public init(responses: [String: HTTPResponse] = [:]) {
        self.responses = responses
    }

    public static func shelf(user: String = "ada") -> RecordingTransport {
        RecordingTransport(responses: ["/session": Fixtures.session(user: user), "/items": Fixtures.itemList()])
    }

    public var requests: [HTTPRequest] { received.withLock { $0.map(\.request) } }
    public var callSites: [CallSite] { received.withLock { $0.map(\.site) } }

    public func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        received.withLock { $0.append((site, request)) }
        completion(.success(responses[request.path] ?? HTTPResponse(status: 404)))
    }
}

public enum Fixtures {
    public static let items: [(id: Int, title: String)] = [
        (1, "The Left Hand of Darkness"),
        (2, "Piranesi"),
        (3, "A Wizard of Earthsea"),
    ]

    public static func session(user: String, token: String? = nil) -> HTTPResponse {
        let body = try? JSONSerialization.data(
            withJSONObject: ["token": token ?? "token-\(user)", "userName": user], options: [.sortedKeys])
        return HTTPResponse(status: 200, body: body ?? Data())
    }

    public static func itemList() -> HTTPResponse {
        let list = items.map { ["id": $0.id, "title": $0.title] as [String: Any] }
        let body = try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])
        return HTTPResponse(status: 200, body: body ?? Data())
    }
}
