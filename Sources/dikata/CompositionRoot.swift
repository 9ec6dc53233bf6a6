import CursesShell
import DIKataCore
import Foundation
import Grading
import Workshop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place where dikata meets the real machine: environment variables, the terminal,
/// the clock, the file system and the toolchain are read here and passed down explicitly.
struct CompositionRoot {
    var environment: [String: String]
    /// The folder dikata was started in (where the workspace and kata are looked for first).
    var currentDirectory: String
    var standardOutputIsTerminal: Bool
    var standardErrorIsTerminal: Bool
    var standardInputIsTerminal: Bool
    /// A line typed on standard input (an answer to a question), nil at its end.
    var readLine: @Sendable () -> String?
    var now: @Sendable () -> Date
    /// A new random id (a submission's, for the workshop host to deduplicate retries).
    var newID: @Sendable () -> UUID
    /// Waits (a poller's pace).
    var pause: @Sendable (Duration) async -> Void

    static func live() -> CompositionRoot {
        CompositionRoot(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath, standardOutputIsTerminal: isatty(1) == 1,
            standardErrorIsTerminal: isatty(2) == 1, standardInputIsTerminal: isatty(0) == 1,
            readLine: { Swift.readLine() }, now: { Date() }, newID: { UUID() },
            pause: { try? await Task.sleep(for: $0) })
    }

    /// HTTP for the workshop: one client for the caller's whole run, so its connection is reused
    /// (https:// through curl: CurlRunner+Live.swift).
    func makeHTTP() -> WorkshopClient.Send { workshopTransport() }

    /// A one-line live status on stderr while grading, only when stderr is a terminal; waiting
    /// for another grade of the same kata is said on any stderr (a grade that seems stuck).
    func progressReporter() -> @Sendable (GradingStage) -> Void {
        guard standardErrorIsTerminal else {
            return { stage in
                if case .waiting = stage { FileHandle.standardError.write(Data((stage.summary + "\n").utf8)) }
            }
        }
        return { stage in
            let text = stage == .finished ? "" : stage.summary
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text.isEmpty ? "" : "  " + text)".utf8))
        }
    }

    var home: String { environment["HOME"] ?? NSHomeDirectory() }

    /// Colour only on a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    var useColour: Bool {
        standardOutputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// How long (ms) an Esc waits for the rest of a key's sequence: `ESCDELAY` as ncurses reads it, else 50.
    var escapeTimeout: Int32 { environment["ESCDELAY"].flatMap { Int32($0) }.map { max(5, min($0, 1000)) } ?? 50 }

    // MARK: - Katas and workspace

    /// `--library`, then `DIKATA_KATAS`, then the `Katas/` folder of this source tree.
    func katasDirectory(override: String?) -> URL {
        if let override, !override.isEmpty { return URL(fileURLWithPath: override) }
        if let variable = environment["DIKATA_KATAS"], !variable.isEmpty { return URL(fileURLWithPath: variable) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Katas", isDirectory: true)
    }

    /// The kata library; `only` picks the katas a command needs from the catalog (nil: all).
    func library(override: String?, only: (Catalog) -> Set<String>? = { _ in nil }) throws -> KataLibrary {
        let directory = katasDirectory(override: override)
        do {
            return try KataLibrary.load(from: directory, only: only)
        } catch let error as ManifestError {
            throw CommandFailure(.usage, "The kata library is malformed: \(error)")
        } catch {
            throw CommandFailure(.usage, "Cannot read the katas in \(directory.path): \(error.localizedDescription)")
        }
    }

    func progressStore(for workspace: Workspace) -> ProgressStore {
        ProgressStore(file: workspace.progressFile)
    }

    // MARK: - Grading

    /// `DIKATA_CACHE_DIR`, then `$XDG_CACHE_HOME/dikata`, then `~/.cache/dikata`.
    var cacheRoot: URL {
        if let variable = environment["DIKATA_CACHE_DIR"], !variable.isEmpty { return URL(fileURLWithPath: variable) }
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.cache"
        return URL(fileURLWithPath: base).appendingPathComponent("dikata", isDirectory: true)
    }

    /// A new watcher of saved files, with its own file events: `DIKATA_WATCH=poll` reads stamps
    /// only, for folders where file events do not arrive (some network and container file
    /// systems).
    var fileWatcher: FileWatcher {
        environment["DIKATA_WATCH"] == "poll" ? FileWatcher(stamps: FileWatcher.fileSystemStamps) : .live
    }

    /// The build folders in the cache, as `clean` and `doctor` see them (a grade keeps
    /// `DIKATA_KEEP_BUILDS` of them, which the grader reads).
    var buildFolders: BuildFolders {
        BuildFolders(cacheRoot: cacheRoot, limit: GradingEnvironment.defaultKeptBuildFolders)
    }

    /// The grader on this machine: its processes, their deadlines and the grade's duration all
    /// read this root's clock.
    func grader() async throws -> Grader {
        let runner = PosixProcessRunner(now: now)
        do {
            let environment = try await GradingEnvironment.discover(
                environment: environment, cacheRoot: cacheRoot, runner: runner,
                isExecutable: { FileManager.default.isExecutableFile(atPath: $0) },
                parallelism: ProcessInfo.processInfo.activeProcessorCount, runningAsRoot: getuid() == 0,
                newID: { [newID] in newID().uuidString.prefix(8).lowercased() },
                graderBuild: GradingEnvironment.build(ofExecutable: "/proc/self/exe"))
            return Grader(environment: environment, runner: runner, now: now, pause: pause)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
    }

    /// SIGINT and SIGTERM, caught from now on, for a command that saves its work when stopped.
    func interruptSignals() -> InterruptSignals { .live() }

    /// "graded 12/100" on stderr while a batch runs, only when stderr is a terminal.
    func batchProgressReporter() -> @Sendable (Int, Int) -> Void {
        guard standardErrorIsTerminal else { return { _, _ in } }
        return { done, total in
            FileHandle.standardError.write(Data("\r\u{1B}[K  graded \(done)/\(total)".utf8))
        }
    }

    func finishProgressLine() {
        if standardErrorIsTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// The git origin of the dikata source tree this binary was built from, if it has one.
    func dikataOrigin() -> String? {
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let config = sourceRoot.appendingPathComponent(".git/config")
        guard let text = try? String(contentsOf: config, encoding: .utf8) else { return nil }
        var inOrigin = false
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") { inOrigin = line == "[remote \"origin\"]" }
            if inOrigin, line.hasPrefix("url"), let value = line.split(separator: "=", maxSplits: 1).last {
                return value.trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    // MARK: - Output

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Appends to a file (e.g. GitHub's step summary), creating it when missing.
    func append(_ text: String, toFile path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            writeError("warning: cannot append the summary to \(path)\n")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(text.utf8))
    }

    func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// A command failure with its exit status and a message for the user.
struct CommandFailure: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }
}
