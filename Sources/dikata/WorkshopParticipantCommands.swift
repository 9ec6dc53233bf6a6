import ArgumentParser
import DIKataCore
import Foundation
import Workshop

struct WorkshopJoin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join a workshop; your grades are then sent to its host.")

    @Argument(
        help: ArgumentHelp("The host's URL, as dikata-host printed it (for HTTPS, with its #pin=…).", valueName: "url"))
    var url: String
    @Option(name: .long, help: "Your name, as the facilitator will see it.") var name: String
    @Option(name: .long, help: "The room's join code.") var code: String
    @Flag(name: .long, help: "Also send your code with each grade (off by default).") var shareCode = false
    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            guard let base = WorkshopClient.hostURL(url) else {
                throw CommandFailure(.usage, "\(url) is not an http(s) URL.")
            }
            let workspace = try root.workspace(explicit: options.workspace)
            let response = try await root.workshop { () async throws(WorkshopError) in
                try await WorkshopClient(baseURL: base, send: root.makeHTTP()).join(code: code, name: name)
            }
            let membership = Membership(
                url: url, name: name, participantId: response.participantId, token: response.token, shareCode: shareCode
            )
            do { try membership.save(to: root.membershipFile(workspace)) } catch {
                throw CommandFailure(
                    .usage,
                    "Joined, but could not save the membership in \(workspace.metadataDirectory.path): \(error.localizedDescription)"
                )
            }
            root.write(
                "Joined the workshop at \(url) as \(name). Each grade is now sent to the host\(shareCode ? ", with your code" : " (your code stays private)").\n"
            )
            root.write(RoomText.lines(response.room))
            return .success
        }
    }
}

/// What a participant is told about the room, in `join`, `status` and the facilitator's `unlock`.
enum RoomText {
    static func unlocked(_ katas: [String]) -> String { "Open for the room: " + katas.joined(separator: ", ") }

    /// The room's message, its open katas and its countdown, a line each (only those it has).
    static func lines(_ room: RoomState) -> String {
        var lines: [String] = []
        if let message = room.message { lines.append("Message: \(message)") }
        if !room.unlocked.isEmpty { lines.append(unlocked(room.unlocked)) }
        if let end = room.countdownEndsAt {
            lines.append("Countdown ends at \(ISO8601DateFormatter().string(from: end))")
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

struct WorkshopStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the workshop you joined and send queued results.")
    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let workspace = try root.workspace(explicit: options.workspace)
            guard let membership = Membership.load(from: root.membershipFile(workspace)),
                let client = membership.client(send: root.makeHTTP())
            else {
                root.write("Not in a workshop. Join one with `dikata workshop join URL --name NAME --code CODE`.\n")
                return .success
            }
            let report = await root.workshopQueue(workspace).flush(with: client)
            root.write(
                "Workshop: \(membership.url) as \(membership.name)\(membership.shareCode ? " (sharing code)" : "")\n")
            root.write("Queued results: \(report.sent) sent now, \(report.waiting) waiting for the host.\n")
            for dropped in report.dropped { root.writeError("  dropped: \(dropped)\n") }
            if let room = try? await client.room() { root.write(RoomText.lines(room)) }
            return .success
        }
    }
}

struct WorkshopLeave: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave", abstract: "Stop sending grades to the workshop.")
    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        let file = root.membershipFile(try root.workspace(explicit: options.workspace))
        try? FileManager.default.removeItem(at: file)
        root.write("Left the workshop; grades stay on this machine.\n")
    }
}
