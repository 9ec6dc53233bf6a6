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

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535.") }
    }

    func run() async throws {
        let ids = try Self.kataIDs(katas)
        let server = WorkshopServer(
            configuration: .init(host: bind, port: port, databasePath: db, katas: ids), dependencies: .live)
        let bind = self.bind
        try await server.run { state, port in
            let shown = bind == "0.0.0.0" ? "<this machine's address>" : bind
            let code = state.joinCode
            let token = state.facilitatorToken
            let text = """
                dikata workshop host on http://\(bind):\(port) (katas: \(state.katas.joined(separator: ", ")))
                Participants join with:
                  dikata workshop join http://\(shown):\(port) --name "Your Name" --code \(code)
                Facilitator dashboard (keep the token private):
                  http://\(shown):\(port)/#token=\(token)
                  dikata workshop dashboard http://\(shown):\(port) --token \(token)

                """
            FileHandle.standardOutput.write(Data(text.utf8))
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
