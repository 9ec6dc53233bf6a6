import ArgumentParser
import CursesShell
import DIKataCore
import Foundation
import Grading
import TerminalUI
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
            WorkshopMessage.self, WorkshopCountdown.self, WorkshopExport.self,
        ])
}

/// Facilitator options: the host and the facilitator token.
struct FacilitatorOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The host's URL, as `dikata-host` printed it.", valueName: "url"))
    var url: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The facilitator token `dikata-host` printed ($DIKATA_FACILITATOR_TOKEN).", valueName: "token"))
    var token: String?

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
        guard let base = URL(string: url), base.scheme == "http" || base.scheme == "https" else {
            throw CommandFailure(.usage, "\(url) is not an http(s) URL.")
        }
        guard let token = token ?? root.environment["DIKATA_FACILITATOR_TOKEN"], !token.isEmpty else {
            throw CommandFailure(.usage, "Pass --token with the facilitator token that dikata-host printed.")
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

struct WorkshopJoin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join a workshop; your grades are then sent to its host.")

    @Argument(help: ArgumentHelp("The host's URL.", valueName: "url")) var url: String
    @Option(name: .long, help: "Your name, as the facilitator will see it.") var name: String
    @Option(name: .long, help: "The room's join code.") var code: String
    @Flag(name: .long, help: "Also send your code with each grade (off by default).") var shareCode = false
    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            guard let base = URL(string: url), base.scheme == "http" || base.scheme == "https" else {
                throw CommandFailure(.usage, "\(url) is not an http(s) URL.")
            }
            let workspace = root.workspace(explicit: options.workspace)
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
            if !response.room.unlocked.isEmpty {
                root.write("Open for the room: \(response.room.unlocked.joined(separator: ", "))\n")
            }
            if let message = response.room.message { root.write("Message: \(message)\n") }
            return .success
        }
    }
}

struct WorkshopStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the workshop you joined and send queued results.")
    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let workspace = root.workspace(explicit: options.workspace)
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
            if let room = try? await client.room() {
                if let message = room.message { root.write("Message: \(message)\n") }
                if !room.unlocked.isEmpty {
                    root.write("Open for the room: \(room.unlocked.joined(separator: ", "))\n")
                }
                if let end = room.countdownEndsAt {
                    root.write("Countdown ends at \(ISO8601DateFormatter().string(from: end))\n")
                }
            }
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
        let file = root.membershipFile(root.workspace(explicit: options.workspace))
        try? FileManager.default.removeItem(at: file)
        root.write("Left the workshop; grades stay on this machine.\n")
    }
}

struct WorkshopUnlock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unlock", abstract: "Open a stage for the whole room.")
    @OptionGroup var facilitator: FacilitatorOptions
    @Argument(help: ArgumentHelp("The kata to open.", valueName: "kata")) var kata: String

    func run() async throws {
        try await facilitator.perform { client throws(WorkshopError) in
            "Open for the room: " + (try await client.unlock(kata)).unlocked.joined(separator: ", ")
        }
    }
}

struct WorkshopMessage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message", abstract: "Show a message on every participant's screen.")
    @OptionGroup var facilitator: FacilitatorOptions
    @Argument(help: ArgumentHelp("The message.", valueName: "text")) var text: String

    func run() async throws {
        try await facilitator.perform { client throws(WorkshopError) in
            _ = try await client.broadcast(text)
            return "Sent."
        }
    }
}

struct WorkshopCountdown: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "countdown", abstract: "Start a countdown on every participant's screen.")
    @OptionGroup var facilitator: FacilitatorOptions
    @Argument(help: ArgumentHelp("Minutes (`10`) or seconds (`90s`).", valueName: "time")) var time: String

    func validate() throws {
        guard seconds != nil else { throw ValidationError("Give minutes (10) or seconds (90s), not \"\(time)\".") }
    }

    private var seconds: Int? {
        let value = time.hasSuffix("s") ? Int(time.dropLast()) : Int(time).map { $0 * 60 }
        return value.flatMap { $0 > 0 ? $0 : nil }
    }

    func run() async throws {
        let seconds = self.seconds ?? 60
        try await facilitator.perform { client throws(WorkshopError) in
            _ = try await client.countdown(seconds: seconds)
            return "Countdown of \(seconds / 60) min \(seconds % 60) s started."
        }
    }
}

struct WorkshopExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Save the room's results as CSV or JSON.")
    @OptionGroup var facilitator: FacilitatorOptions
    @Option(name: .long, help: ArgumentHelp("A .csv or .json file.", valueName: "file")) var out: String

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            guard out.hasSuffix(".csv") || out.hasSuffix(".json") else {
                throw CommandFailure(.usage, "--out must name a .csv or .json file.")
            }
            let client = try facilitator.client(root)
            let text = try await root.workshop { () async throws(WorkshopError) in
                try await client.export(csv: out.hasSuffix(".csv"))
            }
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic) } catch {
                throw CommandFailure(.usage, "Cannot write \(out): \(error.localizedDescription)")
            }
            root.write("Wrote \(out).\n")
            return .success
        }
    }
}

struct WorkshopDashboard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Follow the room live in the terminal: participants × katas, stuck markers, the checks failed most.")
    @OptionGroup var facilitator: FacilitatorOptions
    @Flag(name: .long, help: "Print the dashboard once as text.") var plain = false

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let client = try facilitator.client(root)
            guard !plain, root.standardOutputIsTerminal, let terminal = CursesTerminal(colour: root.useColour) else {
                let dashboard = try await root.workshop { () async throws(WorkshopError) in try await client.dashboard()
                }
                let grid = DashboardScreen(dashboard: dashboard, error: nil, now: root.now(), theme: .monochrome)
                    .render(rows: 60, cols: 120)
                root.write(
                    grid.text.split(separator: "\n", omittingEmptySubsequences: false).reversed().drop { $0.isEmpty }
                        .reversed().joined(separator: "\n") + "\n")
                return .success
            }
            let status = await DashboardLoop(terminal: terminal, now: root.now) {
                do { return .success(try await client.dashboard()) } catch {
                    return .failure(TutorialFailure("\(error)"))
                }
            }.run(theme: terminal.usesColour ? .colour : .monochrome)
            if status != 0 { throw ExitCode(status) }
            return .success
        }
    }
}

/// `dikata workshop host …`: runs the `dikata-host` program built next to this one (the
/// server stack is its own product, so the learner's build never compiles it).
struct WorkshopHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host", abstract: "Host a workshop (runs dikata-host; see `dikata-host --help`).")

    @Argument(parsing: .captureForPassthrough, help: "Options for dikata-host: --port, --bind, --katas, --db.")
    var arguments: [String] = []

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent()
            let host = here.appendingPathComponent("dikata-host").path
            guard FileManager.default.isExecutableFile(atPath: host) else {
                throw CommandFailure(
                    .usage,
                    "dikata-host is not built next to dikata (\(here.path)). Build it with `swift build --product dikata-host`, or run `swift run dikata-host`."
                )
            }
            switch PosixProcessRunner().runInteractive([host] + arguments, environment: root.environment) {
            case .exited(0): return .success
            case .exited(let code): throw ExitCode(code)
            case .failedToStart(let reason):
                throw CommandFailure(.internalError, "could not start dikata-host: \(reason)")
            default: throw ExitCode(1)
            }
        }
    }
}
