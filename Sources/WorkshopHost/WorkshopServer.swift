import DIKataCore
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle

/// What the routes need besides the state: rates, the event stream's pace, where the control
/// token is kept.
struct HostOptions: Sendable {
    var joinRate: RateLimiter.Rate
    var coalesce: Duration
    var heartbeat: Duration
    var pause: @Sendable (Duration) async -> Void
    var secretsFile: SecretsFile?
    /// Regrades shared code when the host was started with `--verify`.
    var regrader: Regrader? = nil
}

/// Starts the workshop host: the HTTP server on `address:port` over the SQLite store.
public struct WorkshopServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var databasePath: String
        public var katas: [String]
        public var limits: ConnectionLimits
        public var quota: HostQuota
        /// Joins one address may make at once (refilled at a tenth of it per second): raise it
        /// for a room behind one NAT address.
        public var joinBurst: Int
        /// Where the facilitator token is kept (0600); nil keeps it in the database only.
        public var secretsPath: String?
        /// How often an open event stream gets a heartbeat comment.
        public var heartbeat: Duration
        /// The certificate and key to serve HTTPS with; nil serves plain HTTP.
        public var tls: HostTLS?
        /// Regrading of shared code (`--verify`); nil leaves every result self-reported.
        public var regrading: Regrading? = nil

        public init(
            host: String, port: Int, databasePath: String, katas: [String], limits: ConnectionLimits = .classroom,
            quota: HostQuota = .classroom, joinBurst: Int = 10, secretsPath: String? = nil,
            heartbeat: Duration = .seconds(15), tls: HostTLS? = nil
        ) {
            self.host = host
            self.port = port
            self.databasePath = databasePath
            self.katas = katas
            self.limits = limits
            self.quota = quota
            self.joinBurst = joinBurst
            self.secretsPath = secretsPath
            self.heartbeat = heartbeat
            self.tls = tls
        }
    }

    public var configuration: Configuration
    public var dependencies: HostDependencies

    public init(configuration: Configuration, dependencies: HostDependencies) {
        self.configuration = configuration
        self.dependencies = dependencies
    }

    /// Runs until SIGINT or SIGTERM (when `handlesSignals`) or until its task is cancelled;
    /// `onRunning` gets the state and the bound port. On shutdown, event streams are ended so
    /// the server stops at once; every acknowledged result is already committed.
    public func run(handlesSignals: Bool = true, onRunning: @escaping @Sendable (HostState, Int) async -> Void)
        async throws
    {
        let store = try WorkshopStore(path: configuration.databasePath)
        let state = try HostState(
            store: store, katas: configuration.katas, dependencies: dependencies, quota: configuration.quota,
            regrades: configuration.regrading != nil)
        let secretsFile = configuration.secretsPath.map(SecretsFile.init(path:))
        try secretsFile?.write(await state.currentSecrets())
        let router = Router(context: HostRequestContext.self)
        let burst = Double(max(1, configuration.joinBurst))
        let options = HostOptions(
            joinRate: .init(capacity: burst, perSecond: max(1, burst / 10)), coalesce: .milliseconds(250),
            heartbeat: configuration.heartbeat, pause: dependencies.pause, secretsFile: secretsFile,
            regrader: configuration.regrading.map { [log = dependencies.log] in
                Regrader($0, now: dependencies.now) { await state.keep($0, log: log) }
            })
        HostRoutes(state: state, options: options).register(on: router)
        try await options.regrader?.requeue(store.unverifiedShares())
        var logger = Logger(label: "dikata-host")
        logger.logLevel = .warning
        let gate = ConnectionGate(limits: configuration.limits)
        let http1 = HTTPServerBuilder.http1(
            configuration: .init(additionalChannelHandlers: [ConnectionGuard(gate: gate)]))
        let app = Application(
            router: router,
            server: try configuration.tls.map { try .tls(http1, tlsConfiguration: $0.serverConfiguration()) } ?? http1,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "dikata-host"),
            onServerRunning: { channel in await onRunning(state, channel.localAddress?.port ?? 0) },
            logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    .init(service: app),
                    .init(
                        service: StreamCloser(state: state, regrader: options.regrader),
                        successTerminationBehavior: .ignore),
                ],
                gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
        try await group.run()
    }
}

/// Ends every dashboard's event stream when shutdown begins: an open stream would otherwise
/// keep the server waiting for its request to finish.
struct StreamCloser: Service {
    let state: HostState
    /// Regrades still running are stopped too (their `dikata grade` processes killed).
    var regrader: Regrader? = nil

    func run() async throws {
        try? await gracefulShutdown()
        await state.closeStreams()
        await regrader?.stop()
    }
}
