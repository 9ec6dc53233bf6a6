import DIKataCore
import Foundation
import Hummingbird
import Logging

/// Starts the workshop host: the HTTP server on `address:port` over the SQLite store.
public struct WorkshopServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var databasePath: String
        public var katas: [String]

        public init(host: String, port: Int, databasePath: String, katas: [String]) {
            self.host = host
            self.port = port
            self.databasePath = databasePath
            self.katas = katas
        }
    }

    public var configuration: Configuration
    public var dependencies: HostDependencies

    public init(configuration: Configuration, dependencies: HostDependencies) {
        self.configuration = configuration
        self.dependencies = dependencies
    }

    /// Runs until SIGINT or SIGTERM; `onRunning` gets the state and the bound port.
    public func run(onRunning: @escaping @Sendable (HostState, Int) async -> Void) async throws {
        let store = try WorkshopStore(path: configuration.databasePath)
        let state = try HostState(store: store, katas: configuration.katas, dependencies: dependencies)
        let router = Router(context: BasicRequestContext.self)
        HostRoutes(state: state).register(on: router)
        var logger = Logger(label: "dikata-host")
        logger.logLevel = .warning
        let app = Application(
            router: router,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "dikata-host"),
            onServerRunning: { channel in await onRunning(state, channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService()
    }
}
