import ArgumentParser
import DIKataCore
import Foundation
import WorkshopHost

/// `dikata-host`: the workshop host, in its own executable so a learner's build never compiles
/// the server stack. This file is its composition root.
@main
struct DikataHost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dikata-host",
        abstract: "Host a dikata workshop: participants join, their grades arrive live, you pace the room.",
        discussion: """
            Binds to 127.0.0.1 unless --bind names another address (e.g. 0.0.0.0 for the room's
            network); beyond loopback it serves HTTPS with a self-signed certificate kept next to the
            database, whose key pin the printed join link carries. Everything is kept in the SQLite file --db, so a restart loses nothing and
            participants reconnect with their tokens.
            """)

    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    var port: Int = 8750

    @Option(name: .long, help: ArgumentHelp("Address to bind (default: loopback only).", valueName: "addr"))
    var bind: String = "127.0.0.1"

    @Option(
        name: .long,
        help: ArgumentHelp("The katas of this workshop, as a range or list (default: 01-06).", valueName: "range"))
    var katas: String = "01-06"

    @Option(name: .long, help: ArgumentHelp("The workshop database (SQLite).", valueName: "file"))
    var db: String = "dikata-workshop.sqlite"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the facilitator's control token is kept, readable by you alone (default: the database's name + .token).",
            valueName: "file"))
    var tokenFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Joins one address may make at once (default 10); raise it when the room shares one NAT address.",
            valueName: "n"))
    var joinBurst: Int = 10

    @Option(name: .long, help: ArgumentHelp("Connections open at once, from everyone (default 512).", valueName: "n"))
    var maxConnections: Int = ConnectionLimits.classroom.maximumConnections

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Connections open at once from one address (default 32); raise it behind a NAT or proxy.",
            valueName: "n"))
    var maxPerAddress: Int = ConnectionLimits.classroom.maximumPerAddress

    @OptionGroup(title: "Regrading") var regrade: RegradeOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
        guard joinBurst >= 1 else { throw ValidationError("--join-burst must be at least 1.") }
        guard maxConnections >= 1, maxPerAddress >= 1 else {
            throw ValidationError("--max-connections and --max-per-address must be at least 1.")
        }
        guard (cert == nil) == (key == nil), cert == nil || tls != false else {
            throw ValidationError("--cert and --key go together, and serve HTTPS (drop --no-tls).")
        }
    }

    @Flag(
        inversion: .prefixedNo,
        help: "Serve HTTPS (default: on when --bind reaches beyond this machine, with a self-signed certificate).")
    var tls: Bool?

    @Option(name: .long, help: ArgumentHelp("Your own certificate (PEM, leaf first) for HTTPS.", valueName: "file"))
    var cert: String?

    @Option(name: .long, help: ArgumentHelp("The private key (PEM) of --cert.", valueName: "file"))
    var key: String?

    func run() async throws {
        let ids = try Self.kataIDs(katas)
        let tokenFile = self.tokenFile ?? db + ".token"
        let identity = try HostTLS.choose(
            bind: bind, requested: tls, certificate: cert, key: key, database: db,
            hostName: ProcessInfo.processInfo.hostName,
            maker: CertificateMaker(dependencies: .live))
        if identity?.created == true {
            FileHandle.standardError.write(Data("Made this host's certificate: \(db).tls-cert.pem\n".utf8))
        }
        var configuration = WorkshopServer.Configuration(
            host: bind, port: port, databasePath: db, katas: ids,
            limits: .init(maximumConnections: maxConnections, maximumPerAddress: maxPerAddress),
            joinBurst: joinBurst, secretsPath: tokenFile, tls: identity?.tls)
        configuration.regrading = try regrade.regrading(
            hostExecutable: CommandLine.arguments[0], cores: ProcessInfo.processInfo.activeProcessorCount,
            environment: ProcessInfo.processInfo.environment)
        if let regrading = configuration.regrading {
            let line = regrade.announcement(regrading, hostExecutable: CommandLine.arguments[0])
            FileHandle.standardError.write(Data(line.utf8))
        }
        let server = WorkshopServer(configuration: configuration, dependencies: .live)
        let bind = self.bind
        if identity == nil, !HostListing.isLoopback(bind) {
            FileHandle.standardError.write(Data(HostListing.plainTextWarning(bind).utf8))
        }
        try await server.run { state, port in
            let served = HostListing.Served(
                bind: bind, port: port, katas: state.katas, tls: identity?.tls, ownCertificate: identity?.own ?? false,
                tokenFile: tokenFile)
            FileHandle.standardOutput.write(
                Data(HostListing.banner(served, secrets: await state.currentSecrets()).utf8))
        }
    }

    /// `01-06` → the built-in katas 01 to 06; explicit ids pass through.
    static func kataIDs(_ text: String) throws -> [String] {
        let known = [
            "00-warm-up", "01-singleton", "02-global-state", "03-property-injection", "04-extensions",
            "05-dependency-inversion", "06-composition-root",
        ]
        switch KataSelection.resolve(text, in: known) {
        case .success(let ids) where !ids.isEmpty: return ids
        default:
            let ids = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard !ids.isEmpty else { throw ValidationError("--katas names no kata.") }
            return ids
        }
    }
}
