import ArgumentParser
import CursesShell
import DIKataCore
import Foundation
import Grading
import TerminalUI
import Workshop

struct WorkshopUnlock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unlock", abstract: "Open a stage for the whole room.")
    @OptionGroup var facilitator: FacilitatorOptions
    @Argument(help: ArgumentHelp("The kata to open.", valueName: "kata")) var kata: String

    func run() async throws {
        try await facilitator.perform { client throws(WorkshopError) in
            RoomText.unlocked((try await client.unlock(kata)).unlocked)
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
            guard !plain, root.standardOutputIsTerminal,
                let terminal = CursesTerminal(colour: root.useColour, escapeTimeout: root.escapeTimeout)
            else {
                let dashboard = try await root.workshop { () async throws(WorkshopError) in try await client.dashboard()
                }
                let grid = DashboardScreen(dashboard: dashboard, error: nil, now: root.now(), theme: .monochrome)
                    .render(rows: 60, cols: 120)
                root.write(
                    grid.text.split(separator: "\n", omittingEmptySubsequences: false).reversed().drop { $0.isEmpty }
                        .reversed().joined(separator: "\n") + "\n")
                return .success
            }
            let status = await DashboardLoop(terminal: terminal, now: root.now, pause: root.pause) {
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
            switch PosixProcessRunner(now: root.now).runInteractive([host] + arguments, environment: root.environment) {
            case .exited(0): return .success
            case .exited(let code): throw ExitCode(code)
            case .failedToStart(let reason):
                throw CommandFailure(.internalError, "could not start dikata-host: \(reason)")
            default: throw ExitCode(1)
            }
        }
    }
}
