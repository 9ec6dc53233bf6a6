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
            network). Everything is kept in the SQLite file --db, so a restart loses nothing and
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
    }

    func run() async throws {
        let ids = try Self.kataIDs(katas)
        let tokenFile = self.tokenFile ?? db + ".token"
        var configuration = WorkshopServer.Configuration(
            host: bind, port: port, databasePath: db, katas: ids,
            limits: .init(maximumConnections: maxConnections, maximumPerAddress: maxPerAddress),
            joinBurst: joinBurst, secretsPath: tokenFile)
        configuration.regrading = try regrade.regrading(
            hostExecutable: CommandLine.arguments[0], cores: ProcessInfo.processInfo.activeProcessorCount,
            environment: ProcessInfo.processInfo.environment)
        if let regrading = configuration.regrading {
            let line = regrade.announcement(regrading, hostExecutable: CommandLine.arguments[0])
            FileHandle.standardError.write(Data(line.utf8))
        }
        let server = WorkshopServer(configuration: configuration, dependencies: .live)
        let bind = self.bind
        if !Self.isLoopback(bind) {
            FileHandle.standardError.write(Data(Self.plainTextWarning(bind).utf8))
        }
        try await server.run { state, port in
            let shown = bind == "0.0.0.0" || bind == "::" ? "<this machine's address>" : bind
            let secrets = await state.currentSecrets()
            // Only what the room may see is printed: the join code and the read-only projector
            // link. The control token stays in its 0600 file.
            let text = """
                dikata workshop host on http://\(bind):\(port) (katas: \(state.katas.joined(separator: ", ")))
                Participants join with:
                  dikata workshop join http://\(shown):\(port) --name "Your Name" --code \(secrets.joinCode)
                Projector (read-only dashboard, safe to show):
                  http://\(shown):\(port)/#view=\(secrets.projectorToken)
                Facilitator control token: in \(tokenFile) (readable by you alone); open the full dashboard with
                  http://\(shown):\(port)/#token=<the token>

                """
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// True for addresses only this machine can reach.
    static func isLoopback(_ address: String) -> Bool {
        address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }

    static func plainTextWarning(_ address: String) -> String {
        """
        warning: binding to \(address) serves plain HTTP: anyone on this network can read the traffic,
                 participants' tokens included. Use a trusted network, or put a TLS reverse proxy in front.

        """
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
