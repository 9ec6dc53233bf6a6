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

/// Facilitator options: the host, and where its control token is read from.
struct FacilitatorOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The host's URL, as `dikata-host` printed it.", valueName: "url"))
    var url: String

    @OptionGroup var control: ControlTokenOptions

    /// Runs one facilitator call and prints what `body` returns.
    func perform(_ body: @escaping (WorkshopClient) async throws(WorkshopError) -> String) async throws {
        try await CompositionRoot.live().performing(client, body)
    }

    func client(_ root: CompositionRoot) throws -> WorkshopClient {
        guard let base = WorkshopClient.hostURL(url) else {
            throw CommandFailure(.usage, "\(url) is not an http(s) URL.")
        }
        return try control.client(base, root)
    }
}

extension CompositionRoot {
    func membershipFile(_ workspace: Workspace) -> URL {
        workspace.metadataDirectory.appendingPathComponent("workshop.json")
    }
    func workshopQueue(_ workspace: Workspace) -> OfflineQueue {
        OfflineQueue(folder: workspace.metadataDirectory.appendingPathComponent("workshop-queue", isDirectory: true))
    }

    /// Makes a client with `client`, runs one call with it and prints what `body` returns.
    func performing(
        _ client: (CompositionRoot) throws -> WorkshopClient,
        _ body: @escaping (WorkshopClient) async throws(WorkshopError) -> String
    ) async throws {
        try await reportingFailures {
            let client = try client(self)
            write(try await workshop { () async throws(WorkshopError) in try await body(client) } + "\n")
            return .success
        }
    }

    /// Runs a workshop call, turning its error into a command failure.
    func workshop<T>(_ call: () async throws(WorkshopError) -> T) async throws -> T {
        do { return try await call() } catch { throw CommandFailure(.usage, error.description) }
    }
}
