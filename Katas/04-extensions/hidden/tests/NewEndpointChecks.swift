import APIClient
import Foundation
@_spi(Checks) import KataSupport
import Testing

/// A friend request waiting for an answer: the JSON of an endpoint that Shelf does not have yet.
struct PendingFriendRequest: Decodable, Sendable, Equatable {
    let fromName: String
    let waitingDays: Int
}

// A new Friends endpoint, written here, outside APIClient, with nothing but the client's
// public API.
extension ServerAPIClient {
    func pendingFriendRequests(
        completion: @escaping @Sendable (Result<[PendingFriendRequest], APIError>) -> Void
    ) {
        execute(APIRequest(method: "GET", path: "/friends/requests"), completion: completion)
    }
}

@Test func endpointAddedOutsideTheCoreWorks() async throws {
    let transport = RecordingTransport(responses: [
        "/friends/requests": .json(#"[{"from_name": "Katherine Johnson", "waiting_days": 2}]"#)
    ])
    let client = ServerAPIClient(baseURL: stagingURL, transport: transport)

    let result = await withCheckedContinuation { continuation in
        client.pendingFriendRequests { continuation.resume(returning: $0) }
    }

    let sent = transport.requests
    #expect(
        sent.map { "\($0.method) \($0.path)" } == ["GET /friends/requests"],
        "An endpoint that asks execute for GET /friends/requests sent \(describe(sent)).")
    #expect(
        result == .success([PendingFriendRequest(fromName: "Katherine Johnson", waitingDays: 2)]),
        "execute should decode the answer's JSON (snake_case keys) into the endpoint's type; the endpoint got \(result).")
}
