import ArgumentParser
import DIKataCore
import Foundation
import Workshop

/// `dikata workshop room …`: the facilitator's room control over a running host.
struct WorkshopRoom: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "room",
        abstract: "Control the room: list, kick or rename participants, close or open joins, replace secrets.",
        discussion: """
            Each command talks to a running dikata-host (--url, loopback by default). The control \
            token is read from the 0600 file dikata-host keeps it in (--token-file), or from \
            $DIKATA_FACILITATOR_TOKEN; never from the command line, where others could read it.

            Examples:
              dikata workshop room list
              dikata workshop room kick "Mallory"
              dikata workshop room rename "ada" "Ada L."
              dikata workshop room close                 (and `open` again)
              dikata workshop room rotate-code           (a new join code; members stay)
              dikata workshop room rotate-tokens --token-file class.sqlite.token
              dikata workshop room list --url http://127.0.0.1:9000

            Exit status: 0 done; 2 the host refused or could not be reached (the reason is printed).
            """,
        subcommands: [
            RoomList.self, RoomKick.self, RoomRename.self, RoomClose.self, RoomOpen.self, RoomRotateCode.self,
            RoomRotateTokens.self,
        ])
}

/// Where the host is and where its control token is kept.
struct RoomOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The host's URL.", valueName: "url"))
    var url = "http://127.0.0.1:8750"

    @OptionGroup var control: ControlTokenOptions

    /// Runs one call and prints what `body` returns.
    func perform(_ body: @escaping (WorkshopClient) async throws(WorkshopError) -> String) async throws {
        try await CompositionRoot.live().performing(client, body)
    }

    func client(_ root: CompositionRoot) throws -> WorkshopClient {
        guard let base = WorkshopClient.hostURL(url) else {
            throw CommandFailure(.usage, "--url \(url) is not an http(s) URL.")
        }
        return try control.client(base, root)
    }
}

struct RoomList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the participants and when the host last heard from each.")
    @OptionGroup var room: RoomOptions

    func run() async throws {
        let now = CompositionRoot.live().now
        try await room.perform { client throws(WorkshopError) in
            RoomControl.listing(try await client.members(), now: now())
        }
    }
}

struct RoomKick: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kick",
        abstract: "Remove a participant: their token stops working and their results leave the dashboard.")
    @OptionGroup var room: RoomOptions
    @Argument(help: ArgumentHelp("The participant's name (any case).", valueName: "name")) var name: String

    func run() async throws {
        try await room.perform { client throws(WorkshopError) in
            let member = try await client.member(named: name)
            let left = try await client.kick(id: member.id)
            return "Removed \"\(TerminalText.inert(member.name))\"; \(left.count) participant(s) left."
        }
    }
}

struct RoomRename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a participant (names are unique in a room, whatever their case).")
    @OptionGroup var room: RoomOptions
    @Argument(help: ArgumentHelp("The participant's name now.", valueName: "old")) var old: String
    @Argument(help: ArgumentHelp("Their new name (1 to 40 printable characters).", valueName: "new")) var new: String

    func run() async throws {
        try await room.perform { client throws(WorkshopError) in
            let member = try await client.member(named: old)
            _ = try await client.rename(id: member.id, to: new)
            return "Renamed \"\(TerminalText.inert(member.name))\" to \"\(TerminalText.inert(new))\"."
        }
    }
}

struct RoomClose: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close", abstract: "Close joining: newcomers are refused; participants in the room stay.")
    @OptionGroup var room: RoomOptions

    func run() async throws {
        try await room.perform { client throws(WorkshopError) in
            try await client.setJoins(open: false)
            return "Joining is closed."
        }
    }
}

struct RoomOpen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open joining again.")
    @OptionGroup var room: RoomOptions

    func run() async throws {
        try await room.perform { client throws(WorkshopError) in
            try await client.setJoins(open: true)
            return "Joining is open."
        }
    }
}
