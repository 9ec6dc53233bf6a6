import DIKataCore
import Foundation
import Hummingbird

/// The host's HTTP API. Participants authenticate with their bearer token, the facilitator
/// with the facilitator token; every body is size-limited and every field validated, with a
/// JSON `{"error": …}` body on every 4xx.
struct HostRoutes: Sendable {
    let state: HostState
    static let maximumBody = WorkshopWire.maximumCodeBytes + 64 * 1024

    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in Self.html(DashboardPage.html) }
        router.get("/api/health") { _, _ in try Self.json(["status": "ok"]) }
        router.post("/api/join") { request, _ in try await self.join(request) }
        router.post("/api/results") { request, _ in try await self.postResult(request) }
        router.get("/api/room") { request, _ in
            _ = try await self.participant(request)
            return try Self.json(await self.state.currentRoom())
        }
        router.get("/api/results/:id/code") { request, context in
            try await self.code(request, id: context.parameters.get("id") ?? "")
        }
        router.get("/api/dashboard") { request, _ in
            try await self.facilitator(request)
            return try Self.json(try await self.state.dashboard())
        }
        router.get("/api/events") { request, _ in try await self.events(request) }
        router.get("/api/export.json") { request, _ in
            try await self.facilitator(request)
            return try Self.json(try await self.state.dashboard())
        }
        router.get("/api/export.csv") { request, _ in
            try await self.facilitator(request)
            let csv = try await self.state.dashboard().csv()
            return Response(
                status: .ok, headers: [.contentType: "text/csv; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: csv)))
        }
        router.post("/api/control/unlock") { request, _ in
            try await self.facilitator(request)
            let body = try await Self.decode(UnlockRequest.self, request, limit: 4096)
            guard self.state.katas.contains(body.kata) else {
                throw Self.error(.badRequest, "kata must be one of \(self.state.katas.joined(separator: ", "))")
            }
            try await self.state.unlock(body.kata)
            return try Self.json(await self.state.currentRoom())
        }
        router.post("/api/control/message") { request, _ in
            try await self.facilitator(request)
            let body = try await Self.decode(MessageRequest.self, request, limit: 8192)
            let text = body.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, text.count <= WorkshopWire.maximumMessageLength else {
                throw Self.error(.badRequest, "text must be 1 to \(WorkshopWire.maximumMessageLength) characters")
            }
            try await self.state.broadcast(text)
            return try Self.json(await self.state.currentRoom())
        }
        router.post("/api/control/countdown") { request, _ in
            try await self.facilitator(request)
            let body = try await Self.decode(CountdownRequest.self, request, limit: 4096)
            guard (1...7200).contains(body.seconds) else { throw Self.error(.badRequest, "seconds must be 1 to 7200") }
            try await self.state.startCountdown(seconds: body.seconds)
            return try Self.json(await self.state.currentRoom())
        }
    }

    // MARK: - Handlers

    private func join(_ request: Request) async throws -> Response {
        guard await state.allow("join", capacity: 60, perSecond: 20) else {
            throw Self.error(.tooManyRequests, "too many requests; slow down")
        }
        let body = try await Self.decode(JoinRequest.self, request, limit: 4096)
        guard body.code == state.joinCode else { throw Self.error(.unauthorized, "wrong join code") }
        let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...WorkshopWire.maximumNameLength).contains(name.count),
            name.allSatisfy({ !$0.isNewline && $0.asciiValue.map { $0 >= 32 } ?? true })
        else {
            throw Self.error(.badRequest, "name must be 1 to \(WorkshopWire.maximumNameLength) printable characters")
        }
        let (id, token) = try await state.join(name: name)
        return try Self.json(
            JoinResponse(participantId: id, token: token, room: await state.currentRoom()), status: .created)
    }

    private func postResult(_ request: Request) async throws -> Response {
        let participant = try await self.participant(request)
        let submission = try await Self.decode(ResultSubmission.self, request, limit: Self.maximumBody)
        try await validate(submission)
        let added = try await state.addResult(submission, participant: participant.id)
        return try Self.json(ResultReceipt(id: submission.id, duplicate: !added), status: added ? .created : .ok)
    }

    private func validate(_ submission: ResultSubmission) async throws {
        guard UUID(uuidString: submission.id) != nil else { throw Self.error(.badRequest, "id must be a UUID") }
        guard state.katas.contains(submission.kata) else {
            throw Self.error(.badRequest, "kata \"\(submission.kata)\" is not part of this workshop")
        }
        guard submission.maxPoints >= 0, (0...max(0, submission.maxPoints)).contains(submission.points) else {
            throw Self.error(.badRequest, "points must be between 0 and max_points")
        }
        guard submission.checks.count <= 200, submission.checks.allSatisfy({ !$0.id.isEmpty && $0.id.count <= 100 })
        else {
            throw Self.error(.badRequest, "checks must be at most 200, each with an id of 1 to 100 characters")
        }
        guard (0...3_600_000).contains(submission.durationMilliseconds) else {
            throw Self.error(.badRequest, "duration_milliseconds is out of range")
        }
        if let code = submission.code {
            let bytes = code.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
            guard bytes <= WorkshopWire.maximumCodeBytes, code.count <= 100 else {
                throw Self.error(
                    .contentTooLarge,
                    "shared code is limited to 100 files and \(WorkshopWire.maximumCodeBytes / 1024) KiB")
            }
        }
    }

    private func code(_ request: Request, id: String) async throws -> Response {
        let found = try state.store.code(ofResult: id)
        guard let found else { throw Self.error(.notFound, "no such result") }
        if let token = Self.bearer(request), token == state.facilitatorToken {
            guard let code = found.code else { throw Self.error(.notFound, "the participant did not share this code") }
            return try Self.json(code)
        }
        let participant = try await self.participant(request)
        guard participant.id == found.owner else { throw Self.error(.forbidden, "you can only read your own code") }
        return try Self.json(found.code ?? [:])
    }

    private func events(_ request: Request) async throws -> Response {
        let token = Self.bearer(request) ?? request.uri.queryParameters.get("token")
        guard token == state.facilitatorToken else {
            throw Self.error(.unauthorized, "the facilitator token is required")
        }
        let updates = await state.updates()
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                for await version in updates {
                    try await writer.write(ByteBuffer(string: "event: update\ndata: \(version)\n\n"))
                }
                try await writer.finish(nil)
            })
    }

    // MARK: - Authentication

    private func participant(_ request: Request) async throws -> WorkshopStore.Participant {
        guard let token = Self.bearer(request) else {
            throw Self.error(.unauthorized, "a participant token is required (join first)")
        }
        switch try await state.authenticate(tokenHash: WorkshopStore.hash(token)) {
        case .participant(let participant): return participant
        case .unknown: throw Self.error(.unauthorized, "unknown participant token; join again")
        case .slowDown: throw Self.error(.tooManyRequests, "too many requests; slow down")
        }
    }

    private func facilitator(_ request: Request) async throws {
        guard Self.bearer(request) == state.facilitatorToken else {
            throw Self.error(.unauthorized, "the facilitator token is required")
        }
    }

    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }

    // MARK: - Helpers

    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int) async throws -> T {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw error(.contentTooLarge, "the request body is larger than \(limit) bytes")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw Self.error(.contentTooLarge, "the request body is larger than \(limit) bytes")
        }
        do {
            return try WorkshopWire.decoder.decode(T.self, from: Data(buffer.readableBytesView))
        } catch let DecodingError.keyNotFound(key, _) {
            throw Self.error(.badRequest, "missing field \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw Self.error(
                .badRequest, "wrong type for \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch {
            throw Self.error(.badRequest, "the body is not valid JSON for this request")
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try WorkshopWire.encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func html(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> HostError {
        HostError(status: status, message: message)
    }
}

/// A 4xx answer with a JSON body `{"error": …}`.
struct HostError: HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try WorkshopWire.encoder.encode(ErrorBody(error: message))
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
