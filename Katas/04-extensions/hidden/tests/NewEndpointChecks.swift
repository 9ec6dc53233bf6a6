import APIClient
import Foundation
import KataSupport
import Testing

/// A friend request waiting for an answer: the JSON of an endpoint that Shelf does not have yet.
struct PendingFriendRequest: Decodable, Sendable, Equatable {
    let fromName: String
    let waitingDays: Int

    private enum CodingKeys: String, CodingKey {
        case fromName = "from_name"
        case waitingDays = "waiting_days"
    }
}

// A new Friends endpoint, written here, outside APIClient, with nothing but the client's
// public API.
extension ServerAPIClient {
    func pendingFriendRequests(token: String) async throws(APIError) -> [PendingFriendRequest] {
        try await execute(Endpoint(method: "GET", path: "/friends/requests", token: token))
    }

    func answerFriendRequest(accept: Bool) async throws(APIError) -> PendingFriendRequest {
        let body = Data(#"{"accept": \#(accept)}"#.utf8)
        return try await execute(Endpoint(method: "POST", path: "/friends/answer", body: body))
    }
}

@Test func endpointAddedOutsideTheCoreWorks() async throws {
    let server = RecordingTransport([
        "/friends/requests": .json(#"[{"from_name": "Katherine Johnson", "waiting_days": 2}]"#),
        "/friends/answer": .json(#"{"from_name": "Katherine Johnson", "waiting_days": 0}"#),
    ])
    let client = stagingClient(server)

    let pending = try await client.pendingFriendRequests(token: "token-ada")
    let answered = try await client.answerFriendRequest(accept: true)

    let sent = server.requests
    try Expect.require(
        sent.map(\.summary) == ["GET /friends/requests", "POST /friends/answer"],
        "Two endpoints written on top of execute should send GET /friends/requests, then POST /friends/answer; they sent \(describe(sent)).")
    Expect.that(sent[0].body == nil, "A GET endpoint without a body sent \(describe(sent[0])).")
    Expect.that(
        sent[1].body == Data(#"{"accept": true}"#.utf8),
        "execute should send the endpoint's body as it is; it sent \(describe(sent[1])).")
    if let problem = headerProblem(sent[0], token: "token-ada") {
        Expect.fail("A request made through execute with a token has the wrong headers: \(problem).")
    }
    if let problem = headerProblem(sent[1], token: nil) {
        Expect.fail("A request made through execute without a token has the wrong headers: \(problem).")
    }
    Expect.that(
        pending == [PendingFriendRequest(fromName: "Katherine Johnson", waitingDays: 2)]
            && answered == PendingFriendRequest(fromName: "Katherine Johnson", waitingDays: 0),
        "execute should decode each answer into the type its endpoint asks for; the endpoints got \(pending) and \(answered).")

    server.respond(to: "/friends/requests", with: .json("not json"))
    do {
        _ = try await client.pendingFriendRequests(token: "token-ada")
        Expect.fail("An answer that is not JSON should fail with APIError.malformedResponse; it decoded.")
    } catch {
        Expect.that(error == .malformedResponse, "An answer that is not JSON should fail with APIError.malformedResponse, not \(error).")
    }
}
