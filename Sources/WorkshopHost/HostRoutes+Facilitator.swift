import DIKataCore
import Foundation
import Hummingbird
import ServiceLifecycle
import Synchronization

/// The facilitator's routes: the dashboard and its event stream (which the projector's
/// read-only token may also read), the export, pacing, room control and token rotation.
extension HostRoutes {
    func registerFacilitator(on router: Router<Context>) {
        router.get("/api/dashboard") { request, context in
            try await self.facilitator(request, context, projector: true)
            return HostResponses.json(data: try await self.dashboardJSON())
        }
        router.get("/api/events") { request, context in
            try await self.facilitator(request, context, projector: true)
            return await self.events()
        }
        router.get("/api/export.json") { request, context in
            try await self.facilitator(request, context)
            return HostResponses.json(data: try await self.dashboardJSON())
        }
        router.get("/api/export.csv") { request, context in
            try await self.facilitator(request, context)
            return HostResponses.text(await self.state.dashboard().csv(), type: "text/csv; charset=utf-8")
        }
        control(router, "unlock", UnlockRequest.self) { body in
            guard self.state.katas.contains(body.kata) else {
                throw HostResponses.error(
                    .badRequest, "kata must be one of \(self.state.katas.joined(separator: ", "))")
            }
            try await self.state.unlock(body.kata)
            return try HostResponses.json(await self.state.currentRoom())
        }
        control(router, "message", MessageRequest.self) { body in
            // Shown on every participant's screen: controls and bidi overrides never pass.
            let text = TerminalText.inert(body.text.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !text.isEmpty, text.count <= WorkshopWire.maximumMessageLength else {
                throw HostResponses.error(
                    .badRequest, "text must be 1 to \(WorkshopWire.maximumMessageLength) characters")
            }
            try await self.state.broadcast(text)
            return try HostResponses.json(await self.state.currentRoom())
        }
        control(router, "countdown", CountdownRequest.self) { body in
            guard (1...7200).contains(body.seconds) else {
                throw HostResponses.error(.badRequest, "seconds must be 1 to 7200")
            }
            try await self.state.startCountdown(seconds: body.seconds)
            return try HostResponses.json(await self.state.currentRoom())
        }
        registerRoomControl(on: router)
    }

    /// A POST control route that needs the facilitator token and decodes a small JSON body.
    func control<Body: Decodable & Sendable>(
        _ router: Router<Context>, _ name: String, _ type: Body.Type,
        _ handle: @escaping @Sendable (Body) async throws -> Response
    ) {
        router.post("/api/control/\(name)") { request, context in
            try await self.facilitator(request, context)
            return try await handle(try await HostResponses.decode(Body.self, request, limit: 8192))
        }
    }

    // MARK: - The dashboard, built off the actor and cached by version

    func dashboardJSON() async throws -> Data {
        let snapshot = await state.dashboardSnapshot()
        if let cached = cache.data(version: snapshot.version) { return cached }
        let dashboard = HostState.dashboard(
            snapshot.aggregate, room: snapshot.room, now: snapshot.now, regrades: state.regrades)
        let data = try WorkshopWire.encoder.encode(dashboard)
        cache.store(data, version: snapshot.version)
        return data
    }

    /// Server-sent events: `update` with the state's version when something changed (at most
    /// one per `coalesce`), a comment line every `heartbeat` so proxies and browsers keep the
    /// stream open, and an end when the host shuts down.
    func events() async -> Response {
        let updates = await state.updates()
        let options = self.options
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream"],
            body: ResponseBody { writer in
                let (lines, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
                let feeder = Task {
                    for await version in updates {
                        continuation.yield("event: update\ndata: \(version)\n\n")
                        await options.pause(options.coalesce)
                    }
                    continuation.finish()
                }
                let beat = Task {
                    while !Task.isCancelled {
                        await options.pause(options.heartbeat)
                        continuation.yield(": heartbeat\n\n")
                    }
                }
                defer {
                    feeder.cancel()
                    beat.cancel()
                }
                for await line in lines.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: line))
                }
                try await writer.finish(nil)
            })
    }
}

/// The dashboard's JSON for the newest version seen: every dashboard and projector asking
/// after one change shares one encoding.
final class DashboardCache: Sendable {
    private let entry = Mutex<(version: Int, data: Data)?>(nil)

    func data(version: Int) -> Data? { entry.withLock { $0?.version == version ? $0?.data : nil } }

    func store(_ data: Data, version: Int) {
        entry.withLock { current in
            if (current?.version ?? -1) < version { current = (version, data) }
        }
    }
}
