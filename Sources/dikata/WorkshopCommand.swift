import ArgumentParser
import Foundation
import Grading
import Workshop

/// `dikata workshop …`: join a workshop as a participant, or follow and pace one as its facilitator.
struct WorkshopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop",
        abstract: "Take part in (or run) a team workshop.",
        discussion: "The host itself is the separate `dikata-host` program (`swift run dikata-host`).",
        subcommands: [
            WorkshopHostCommand.self, WorkshopJoin.self, WorkshopStatus.self, WorkshopLeave.self,
            WorkshopDashboard.self, WorkshopUnlock.self,
            WorkshopMessage.self, WorkshopCountdown.self, WorkshopExport.self, WorkshopRoom.self,
        ])
}

/// Facilitator options: the host and the facilitator token.
struct FacilitatorOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The host's URL, as `dikata-host` printed it.", valueName: "url"))
    var url: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The facilitator token (prefer --token-file or $DIKATA_FACILITATOR_TOKEN: a command line is visible to others).",
            valueName: "token"))
    var token: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The file holding the facilitator token (dikata-host writes it next to its database, readable by you alone).",
            valueName: "file"))
    var tokenFile: String?

    /// Runs one facilitator call and prints what `body` returns.
    func perform(_ body: @escaping (WorkshopClient) async throws(WorkshopError) -> String) async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let client = try client(root)
            root.write(try await root.workshop { () async throws(WorkshopError) in try await body(client) } + "\n")
            return .success
        }
    }

    func client(_ root: CompositionRoot) throws -> WorkshopClient {
        guard let base = WorkshopClient.hostURL(url) else {
            throw CommandFailure(.usage, "\(url) is not an http(s) URL.")
        }
        var fromFile: String?
        if let tokenFile {
            guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
                throw CommandFailure(.usage, "Cannot read the token file \(tokenFile).")
            }
            fromFile = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let token = token ?? fromFile ?? root.environment["DIKATA_FACILITATOR_TOKEN"], !token.isEmpty else {
            throw CommandFailure(
                .usage, "Pass --token-file with the token file dikata-host wrote (or set DIKATA_FACILITATOR_TOKEN).")
        }
        return WorkshopClient(baseURL: base, token: token, send: root.makeHTTP())
    }
}

extension CompositionRoot {
    func membershipFile(_ workspace: Workspace) -> URL {
        workspace.metadataDirectory.appendingPathComponent("workshop.json")
    }
    func workshopQueue(_ workspace: Workspace) -> OfflineQueue {
        OfflineQueue(folder: workspace.metadataDirectory.appendingPathComponent("workshop-queue", isDirectory: true))
    }

    /// Runs a workshop call, turning its error into a command failure.
    func workshop<T>(_ call: () async throws(WorkshopError) -> T) async throws -> T {
        do { return try await call() } catch { throw CommandFailure(.usage, error.description) }
    }
}
