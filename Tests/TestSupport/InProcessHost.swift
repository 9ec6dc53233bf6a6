import Foundation
import Testing
import WorkshopHost

/// A workshop host in the test's own process, on a free loopback port, over a new database:
/// starts in milliseconds (no process, no compiler), so connection limits, timeouts and event
/// streams are tested in the fast tier. `stop()` cancels it.
public final class InProcessHost: Sendable {
    public let state: HostState
    public let port: Int
    public let folder: URL
    private let task: Task<Void, any Error>

    public var url: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }
    public var databasePath: String { folder.appendingPathComponent("w.sqlite").path }
    public var tokenPath: String { folder.appendingPathComponent("w.sqlite.token").path }

    private init(state: HostState, port: Int, folder: URL, task: Task<Void, any Error>) {
        self.state = state
        self.port = port
        self.folder = folder
        self.task = task
    }

    /// Starts a host for katas 00–02; `configure` adjusts its configuration (limits, timeouts).
    public static func start(
        dependencies: HostDependencies = .live, configure: (inout WorkshopServer.Configuration) -> Void = { _ in }
    ) async throws -> InProcessHost {
        let folder = try Fixtures.temporaryDirectory("in-process-host")
        let database = folder.appendingPathComponent("w.sqlite").path
        var configuration = WorkshopServer.Configuration(
            host: "127.0.0.1", port: 0, databasePath: database,
            katas: ["00-warm-up", "01-singleton", "02-global-state"],
            secretsPath: database + ".token")
        configure(&configuration)
        let server = WorkshopServer(configuration: configuration, dependencies: dependencies)
        let (running, continuation) = AsyncStream<(HostState, Int)>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await server.run(handlesSignals: false) { state, port in continuation.yield((state, port)) }
        }
        var iterator = running.makeAsyncIterator()
        guard let (state, port) = await iterator.next() else {
            _ = try await task.value
            throw CancellationError()
        }
        return InProcessHost(state: state, port: port, folder: folder, task: task)
    }

    /// Stops the host and waits until it has.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}
