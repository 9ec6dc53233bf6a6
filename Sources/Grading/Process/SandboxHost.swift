import DIKataCore
import Foundation
import Synchronization

/// One sandbox for the toolchain's jobs of a grade: its compiles, links and symbol readers all
/// see the same folders, so they run in one bubblewrap set up once, where each of them used to
/// set up its own (5–20 ms from spawn to the tool's start, 3–8 times on the way to a warm
/// grade's check run). Learner code never runs here: Package.swift and the check run keep
/// sandboxes of their own, each with only what it needs.
///
/// Inside is a POSIX shell (``hostScript(setsid:shell:)``). It reads one line per job from its
/// standard input (``ProcessInput``), `job ID SCRIPT`, and runs the script dikata wrote for it
/// (``jobScript(_:files:hostEnvironment:)``: the job's limits, its variables, its folder, then
/// the tool, with its output in files beside the script) in a process group of its own. On file
/// descriptor 3 it reports `ID started GROUP` and `ID exited STATUS`. dikata keeps each job's
/// deadline, as the process runner does for a process of its own, and ends a job that
/// overstays it, or whose grade stops, with `kill GROUP`: that job alone, with all it started.
///
/// A job the host cannot take (another view, a gate or an event stream, a cgroup), and any job
/// once the host has ended, is left to its own sandbox: ``run(_:)`` returns nil.
final class SandboxHost: Sendable {
    /// What a job sees and may write: a request asking for exactly this runs here.
    struct View: Equatable, Sendable {
        var writable: [String]
        var readOnly: [String]
        var hidden: [String]
        var start: SandboxedRequest.Start
    }

    let view: View
    /// The variables the host's shell has; a job's own differences are set by its script.
    private let environment: [String: String]
    /// Where job scripts and their outputs are written: inside a writable folder of the view.
    private let folder: URL
    /// `setsid`, which each job's tool is started by: a process group of its own.
    private let setsid: String
    private let input = ProcessInput()
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    private let process = Mutex<Task<Void, Never>?>(nil)

    private struct Job {
        var continuation: CheckedContinuation<Termination?, Never>
        var deadline: Date
        /// Its process group inside the sandbox, once the host has started it.
        var group: Int?
        /// How dikata ended it (timed out, or its grade stopped), once it did.
        var forced: Termination?
    }

    private struct State {
        var nextID = 1
        var jobs: [Int: Job] = [:]
        /// No more jobs: the host is finishing or has ended.
        var closed = false
        /// Bytes of the event stream after its last complete line.
        var partial: [UInt8] = []
    }

    private init(
        view: View, environment: [String: String], folder: URL, setsid: String, now: @escaping @Sendable () -> Date
    ) {
        self.view = view
        self.setsid = setsid
        self.environment = environment
        self.folder = folder
        self.now = now
    }

    /// Starts a host with `view` and `environment`, its job files in `folder` (emptied first), on
    /// `runner`; nil where the sandbox has no bubblewrap or no `setsid` to give each job its own
    /// process group, or `folder` cannot be made. It lives until ``finish()``, or `lifetime`.
    static func start(
        sandbox: Sandbox, view: View, environment: [String: String], folder: URL, runner: any ProcessRunning,
        now: @escaping @Sendable () -> Date, lifetime: Double = 6 * 3600
    ) -> SandboxHost? {
        guard case .bubblewrap = sandbox.tool, let setsid = sandbox.setsid,
            view.writable.contains(where: { folder.path.hasPrefix($0 + "/") }), !folder.path.contains("\n")
        else { return nil }
        try? FileManager.default.removeItem(at: folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        let host = SandboxHost(view: view, environment: environment, folder: folder, setsid: setsid, now: now)
        let limits = Sandbox.ResourceLimits(
            cpuSeconds: Int(lifetime), memoryBytes: nil, fileSizeBytes: 512 << 20, openFiles: 1024, processes: nil)
        let request = SandboxedRequest(
            command: [sandbox.shell, "-c", hostScript(setsid: setsid), "dikata-host"],
            purpose: "host the toolchain's jobs", environment: environment, timeout: lifetime, outputLimit: 64 << 10,
            writable: view.writable, readOnly: view.readOnly, hidden: view.hidden, start: view.start, limits: limits,
            shouldStop: { host.endOverdueJobs() }, channel: { host.receive($0) }, input: host.input)
        host.process.withLock { process in
            process = Task {
                _ = await sandbox.run(request, on: runner)
                host.ended()
            }
        }
        return host
    }

    /// Runs `request` here and returns how it ended, its output capped at its limit as the
    /// process runner caps it; nil when the host cannot take it (it then needs a sandbox of its
    /// own). A job ended by its deadline is `.timedOut`, by its task's cancellation `.stopped`.
    func run(_ request: SandboxedRequest) async -> ProcessResult? {
        guard takes(request) else { return nil }
        guard
            let id = state.withLock({ state -> Int? in
                guard !state.closed else { return nil }
                defer { state.nextID += 1 }
                return state.nextID
            })
        else { return nil }
        let files = JobFiles(folder: folder, id: id)
        defer { files.remove() }
        let script = Self.jobScript(request, files: files, hostEnvironment: environment, setsid: setsid)
        guard RecordFile.replace(files.script, with: Data(script.utf8)) else { return nil }
        let sent = now()
        let termination = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let registered = state.withLock { state -> Bool in
                    guard !state.closed else { return false }
                    state.jobs[id] = Job(continuation: continuation, deadline: sent.addingTimeInterval(request.timeout))
                    return true
                }
                guard registered else { return continuation.resume(returning: nil) }
                guard input.send("job \(id) \(files.script.path)") else {
                    // The host is going: whoever removes the job resumes it.
                    state.withLock { $0.jobs.removeValue(forKey: id) }?.continuation.resume(returning: nil)
                    return
                }
                if Task.isCancelled { end(id, as: .stopped) }
            }
        } onCancel: {
            self.end(id, as: .stopped)
        }
        guard let termination else { return nil }
        return ProcessResult(
            termination: termination, stdout: Self.captured(files.stdout, limit: request.outputLimit),
            stderr: Self.captured(files.stderr, limit: request.outputLimit), duration: now().timeIntervalSince(sent))
    }

    /// Ends the host: it reads the end of its input and exits, and the sandbox ends with
    /// everything still in it. Jobs sent later get their own sandboxes.
    func finish() async {
        state.withLock { $0.closed = true }
        input.finish()
        await process.withLock { $0 }?.value
    }

    /// Whether `request` sees exactly what the host's jobs see, and needs nothing a job here
    /// cannot have: a gate, an input or event stream of its own, a stop condition, a cgroup,
    /// a process limit, a variable a shell cannot set.
    private func takes(_ request: SandboxedRequest) -> Bool {
        View(writable: request.writable, readOnly: request.readOnly, hidden: request.hidden, start: request.start)
            == view && request.gate == nil && request.input == nil && request.channel == nil
            && request.shouldStop == nil && request.limits.rootProcesses == nil && request.limits.processes == nil
            && request.environment.keys.allSatisfy(Self.isVariableName)
    }

    // MARK: - Events

    /// Bytes of the host's event stream (its file descriptor 3).
    private func receive(_ bytes: [UInt8]) {
        let lines = state.withLock { state -> [String] in
            state.partial += bytes
            guard let last = state.partial.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
            let complete = state.partial[..<last]
            state.partial.removeSubrange(...last)
            return complete.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        }
        lines.forEach(handle)
    }

    private func handle(_ line: String) {
        let words = line.split(separator: " ")
        guard words.count == 3, let id = Int(words[0]), let value = Int32(words[2]) else { return }
        switch words[1] {
        case "started":
            let overdue = state.withLock { state -> Bool in
                guard state.jobs[id] != nil else { return false }
                state.jobs[id]?.group = Int(value)
                return state.jobs[id]?.forced != nil
            }
            // Ended before it had started: it goes now.
            if overdue { input.send("kill \(value)") }
        case "exited":
            guard let job = state.withLock({ $0.jobs.removeValue(forKey: id) }) else { return }
            job.continuation.resume(returning: job.forced ?? Self.termination(ofStatus: value))
        default:
            return
        }
    }

    /// Ends jobs past their deadline; the host's process runner asks about every 50 ms. Never
    /// stops the host itself.
    private func endOverdueJobs() -> Bool {
        let time = now()
        let overdue = state.withLock { state in
            state.jobs.filter { $0.value.forced == nil && time > $0.value.deadline }.map(\.key)
        }
        overdue.forEach { end($0, as: .timedOut) }
        return false
    }

    /// Ends one job's process group; its result is `reason` once the host reports it exited.
    private func end(_ id: Int, as reason: Termination) {
        let group = state.withLock { state -> Int? in
            guard state.jobs[id] != nil, state.jobs[id]?.forced == nil else { return nil }
            state.jobs[id]?.forced = reason
            return state.jobs[id]?.group
        }
        if let group { input.send("kill \(group)") }
    }

    /// The host has ended (finished, or its sandbox failed): a job dikata ended keeps that
    /// ending; any other job still waiting runs again in a sandbox of its own.
    private func ended() {
        let jobs = state.withLock { state -> [Job] in
            state.closed = true
            defer { state.jobs = [:] }
            return Array(state.jobs.values)
        }
        jobs.forEach { $0.continuation.resume(returning: $0.forced) }
    }

    // MARK: - Scripts

    /// The host's shell script: one job per input line, each in a process group of its own,
    /// reported on file descriptor 3. Every job is started with its standard input at
    /// `/dev/null`, without descriptor 3, and with its monitor's messages (a shell's "Segmentation
    /// fault") thrown away: the job's own output goes where its script sends it.
    static func hostScript(setsid: String) -> String {
        """
        [ -x \(quoted(setsid)) ] || exit 3
        while read -r verb id file; do
          case $verb in
          job) ( . "$file" & echo "$id started $!" >&3; wait $!; echo "$id exited $?" >&3 ) </dev/null 2>/dev/null & ;;
          kill) kill -9 "-$id" 2>/dev/null ;;
          esac
        done
        """
    }

    /// One job's script: its output to its files, its limits (one `ulimit` each: dash takes
    /// one), the variables it has that the host has not or has otherwise, its folder, its tool.
    static func jobScript(
        _ request: SandboxedRequest, files: JobFiles, hostEnvironment: [String: String], setsid: String
    ) -> String {
        var lines = [
            "exec </dev/null >\(quoted(files.stdout.path)) 2>\(quoted(files.stderr.path)) 3>&- || exit 126"
        ]
        var limits = [
            "ulimit -t \(request.limits.cpuSeconds)", "ulimit -f \(request.limits.fileSizeBytes / 512)",
            "ulimit -n \(request.limits.openFiles)",
        ]
        if let memory = request.limits.memoryBytes { limits.append("ulimit -v \(memory / 1024)") }
        lines.append(limits.joined(separator: " && ") + " || exit 126")
        for name in request.environment.keys.sorted() where hostEnvironment[name] != request.environment[name] {
            lines.append("export \(name)=\(quoted(request.environment[name] ?? ""))")
        }
        for name in hostEnvironment.keys.sorted() where request.environment[name] == nil {
            lines.append("unset \(name)")
        }
        switch request.start {
        case .folder(let path): lines.append("cd \(quoted(path)) || exit 126")
        case .temporaryFolder: lines.append("cd /tmp || exit 126")
        }
        lines.append("exec " + ([setsid] + request.command).map(quoted).joined(separator: " "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `word` as one shell word, whatever it holds.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func isVariableName(_ name: String) -> Bool {
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        guard let first = name.first, letters.contains(first) else { return false }
        return name.allSatisfy { letters.contains($0) || ("0"..."9").contains($0) }
    }

    /// What a shell's `wait` reports: a status above 128 is a signal's number plus 128 (so an
    /// exit status of 129–192 of the tool's own reads as a signal: the toolchain's tools exit
    /// with 0, 1 or a signal).
    static func termination(ofStatus status: Int32) -> Termination {
        status > 128 && status <= 128 + 64 ? .signalled(status - 128) : .exited(status)
    }

    /// Up to `limit` bytes of `file`, the rest counted as dropped.
    private static func captured(_ file: URL, limit: Int) -> CapturedText {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return .empty }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit)) ?? Data()
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? data.count
        return CapturedText(text: String(decoding: data, as: UTF8.self), droppedBytes: max(0, size - data.count))
    }

    /// One job's files in the host's folder.
    struct JobFiles {
        var folder: URL
        var id: Int

        var script: URL { folder.appendingPathComponent("\(id).sh") }
        var stdout: URL { folder.appendingPathComponent("\(id).out") }
        var stderr: URL { folder.appendingPathComponent("\(id).err") }

        func remove() {
            for file in [script, stdout, stderr] { try? FileManager.default.removeItem(at: file) }
        }
    }
}
