import DIKataCore
import Foundation
import Hummingbird

/// The host's HTTP API. Participants authenticate with their bearer token, the facilitator
/// with the control token and the projector with its read-only token; every body is
/// size-limited and every field validated, with a JSON `{"error": …}` body on every 4xx.
/// Traffic without a valid token (joins, the page, failed logins) is rate-limited per address.
struct HostRoutes: Sendable {
    typealias Context = HostRequestContext
    let state: HostState
    let options: HostOptions
    let cache = DashboardCache()
    static let maximumBody = WorkshopWire.maximumCodeBytes + 64 * 1024

    func register(on router: Router<Context>) {
        router.add(middleware: SecurityHeaders())
        router.get("/") { _, context in
            try await anonymous(context)
            return HostResponses.text(DashboardPage.html, type: "text/html; charset=utf-8")
        }
        router.get("/dashboard.js") { _, context in
            try await anonymous(context)
            return HostResponses.text(DashboardPage.script, type: "text/javascript; charset=utf-8")
        }
        router.get("/dashboard.css") { _, context in
            try await anonymous(context)
            return HostResponses.text(DashboardPage.style, type: "text/css; charset=utf-8")
        }
        router.get("/api/health") { _, context in
            try await anonymous(context)
            return try HostResponses.json(["status": "ok"])
        }
        router.post("/api/join") { request, context in try await self.join(request, context) }
        router.post("/api/results") { request, context in try await self.postResult(request, context) }
        router.get("/api/room") { request, context in
            _ = try await self.participant(request, context)
            return try HostResponses.json(await self.state.currentRoom())
        }
        router.get("/api/results/:id/code") { request, context in
            try await self.code(request, context, id: context.parameters.get("id") ?? "")
        }
        registerFacilitator(on: router)
    }

    // MARK: - Participants

    private func join(_ request: Request, _ context: Context) async throws -> Response {
        guard await state.allow("join " + context.address, rate: options.joinRate) else {
            throw HostResponses.error(.tooManyRequests, "too many joins from your address; slow down", retryAfter: 1)
        }
        let body = try await HostResponses.decode(JoinRequest.self, request, limit: 4096)
        let name = try Self.validName(body.name)
        switch try await state.join(code: body.code, name: name) {
        case .success(let (id, token)):
            return try HostResponses.json(
                JoinResponse(participantId: id, token: token, room: await state.currentRoom()), status: .created)
        case .failure(let refusal): throw Self.error(refusal)
        }
    }

    static func error(_ refusal: JoinRefusal) -> HostError {
        switch refusal {
        case .wrongCode: HostResponses.error(.unauthorized, "wrong join code")
        case .closed: HostResponses.error(.forbidden, "the facilitator has closed joining")
        case .full: HostResponses.error(.serviceUnavailable, "the room is full", retryAfter: 60)
        case .nameTaken: HostResponses.error(.conflict, "that name is taken in this room; choose another")
        }
    }

    /// A name of 1 to 40 printable characters (no control, format or bidi characters), trimmed.
    static func validName(_ text: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...WorkshopWire.maximumNameLength).contains(name.count), TerminalText.isPrintable(name) else {
            throw HostResponses.error(
                .badRequest, "name must be 1 to \(WorkshopWire.maximumNameLength) printable characters")
        }
        return name
    }

    private func postResult(_ request: Request, _ context: Context) async throws -> Response {
        let participant = try await self.participant(request, context)
        let submission = try await HostResponses.decode(ResultSubmission.self, request, limit: Self.maximumBody)
        try validate(submission)
        let summaryBytes = 512 + submission.checks.reduce(0) { $0 + $1.id.utf8.count + 40 }
        guard await state.reserve(summaryBytes, for: participant.id) else {
            throw HostResponses.error(
                .contentTooLarge, "your storage quota on this host is used up; ask the facilitator")
        }
        let added = try await state.addResult(submission, participant: participant.id)
        if added, submission.code != nil {
            await options.regrader?.submit(.init(participant: participant.id, submission: submission))
        }
        return try HostResponses.json(
            ResultReceipt(id: submission.id, duplicate: !added), status: added ? .created : .ok)
    }

    private func validate(_ submission: ResultSubmission) throws {
        guard UUID(uuidString: submission.id) != nil else {
            throw HostResponses.error(.badRequest, "id must be a UUID")
        }
        guard state.katas.contains(submission.kata) else {
            throw HostResponses.error(.badRequest, "kata \"\(submission.kata)\" is not part of this workshop")
        }
        guard submission.maxPoints >= 0, (0...max(0, submission.maxPoints)).contains(submission.points) else {
            throw HostResponses.error(.badRequest, "points must be between 0 and max_points")
        }
        guard submission.checks.count <= 200,
            submission.checks.allSatisfy({ (1...100).contains($0.id.count) && TerminalText.isPrintable($0.id) })
        else {
            throw HostResponses.error(
                .badRequest, "checks must be at most 200, each with an id of 1 to 100 printable characters")
        }
        guard (0...3_600_000).contains(submission.durationMilliseconds) else {
            throw HostResponses.error(.badRequest, "duration_milliseconds is out of range")
        }
        if let code = submission.code {
            let bytes = code.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
            guard bytes <= WorkshopWire.maximumCodeBytes, code.count <= 100 else {
                throw HostResponses.error(
                    .contentTooLarge,
                    "shared code is limited to 100 files and \(WorkshopWire.maximumCodeBytes / 1024) KiB")
            }
        }
    }

    private func code(_ request: Request, _ context: Context, id: String) async throws -> Response {
        if let token = Self.bearer(request), let role = await state.role(of: token) {
            guard role == .facilitator else { throw Self.readOnly }
            guard let found = try state.store.code(ofResult: id) else {
                throw HostResponses.error(.notFound, "no such result")
            }
            guard let code = found.code else {
                throw HostResponses.error(.notFound, "the participant did not share this code")
            }
            return try HostResponses.json(code)
        }
        let participant = try await self.participant(request, context)
        guard let found = try state.store.code(ofResult: id) else {
            throw HostResponses.error(.notFound, "no such result")
        }
        guard participant.id == found.owner else {
            throw HostResponses.error(.forbidden, "you can only read your own code")
        }
        return try HostResponses.json(found.code ?? [:])
    }

    static let readOnly = HostResponses.error(
        .forbidden, "the projector link is read-only; this needs the facilitator token")

    // MARK: - Authentication

    /// Counts a request without a valid token against its address's allowance.
    func anonymous(_ context: Context) async throws {
        guard await state.allow("anonymous " + context.address, rate: .anonymous) else {
            throw HostResponses.error(.tooManyRequests, "too many requests from your address; slow down", retryAfter: 1)
        }
    }

    func participant(_ request: Request, _ context: Context) async throws -> WorkshopStore.Participant {
        guard let token = Self.bearer(request) else {
            try await anonymous(context)
            throw HostResponses.error(.unauthorized, "a participant token is required (join first)")
        }
        switch try await state.authenticate(tokenHash: WorkshopStore.hash(token)) {
        case .participant(let participant): return participant
        case .unknown:
            try await anonymous(context)
            throw HostResponses.error(.unauthorized, "unknown participant token; join again")
        case .slowDown: throw HostResponses.error(.tooManyRequests, "too many requests; slow down", retryAfter: 1)
        }
    }

    /// Requires a facilitator token, or (when `projector` allows it) the projector's read-only one.
    func facilitator(_ request: Request, _ context: Context, projector: Bool = false) async throws {
        var role: HostRole?
        if let token = Self.bearer(request) { role = await state.role(of: token) }
        switch role {
        case .facilitator: return
        case .projector where projector: return
        case .projector: throw Self.readOnly
        case nil:
            try await anonymous(context)
            throw HostResponses.error(.unauthorized, "the facilitator token is required")
        }
    }

    static func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }
}
