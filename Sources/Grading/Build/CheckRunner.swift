import DIKataCore
import Foundation

/// Runs the linked hidden Swift Testing checks in the sandbox and blames crashes and hangs on
/// the single test that was running: that test is marked, and the rest run again with `--skip`.
struct CheckRunner {
    var environment: GradingEnvironment
    var runner: any ProcessRunning
    var buildDirectory: URL
    var hiddenPaths: [String]
    var limits: Limits
    /// The clock the overall and per-test deadlines are read from.
    var now: @Sendable () -> Date

    /// The result of one hidden test.
    struct TestResult: Equatable {
        var outcome: CheckOutcome
        var output: CapturedText
        var duration: Double
    }

    struct Report {
        /// Test id → result, for every test that ran (or was stopped).
        var results: [String: TestResult]
        /// The id and display name of every test the binary announced.
        var names: [String: String]
        var runs: Int
    }

    /// Runs the checks in `binary`, alone in a folder that exists (the sandbox sees that folder,
    /// read-only). With a `gate`, the first run's sandbox is set up at once and
    /// the binary (which may not be linked yet) runs only when the gate opens; a closed gate
    /// gives an empty report, having run nothing.
    func run(
        binary: URL, gate: ProcessGate? = nil, locate: @escaping @Sendable (String) -> SourceLocation?
    ) async -> Report {
        // Without bubblewrap the checks need a real folder to start in; it goes when they are done.
        let scratch = isolated ? nil : buildDirectory.appendingPathComponent("run", isDirectory: true)
        if let scratch {
            try? FileManager.default.removeItem(at: scratch)
            try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        }
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        var deadline = now().addingTimeInterval(Double(limits.testSeconds))
        var results: [String: TestResult] = [:]
        var names: [String: String] = [:]
        var skip: [String] = []
        var runs = 0

        runLoop: while now() < deadline && runs < Self.runCap {
            runs += 1
            let monitor = StreamMonitor(perTestSeconds: Double(limits.perTestSeconds), now: now)
            // The event stream comes back over descriptor 3, a pipe only this process reads.
            var arguments = ["--event-stream-output-path", "/dev/fd/3", "--event-stream-version", "6.3"]
            for id in skip { arguments += ["--skip", Self.skipPattern(for: id)] }
            let outputLimit = limits.outputKilobytes << 10
            let result = await execute(
                binary: binary, arguments: arguments, timeout: max(1, deadline.timeIntervalSince(now())),
                scratch: scratch, shouldStop: { monitor.overdue() }, channel: { monitor.receive($0) },
                purpose: "run the hidden checks", gate: runs == 1 ? gate : nil)
            if runs == 1, let gate {
                // Closed, or the sandbox ended before it was decided: nothing ran.
                guard gate.isOpen else { return Report(results: [:], names: [:], runs: 0) }
                // The checks' time started when the gate opened (a run's duration counts from then).
                deadline = now().addingTimeInterval(Double(limits.testSeconds) - result.duration)
            }
            let log = monitor.finalLog()
            names.merge(log.names) { old, _ in old }
            let output = CapturedText.capped(
                Self.learnerOutput(result.combinedOutput), limit: outputLimit,
                alreadyDropped: result.stdout.droppedBytes + result.stderr.droppedBytes)

            for id in log.started where log.ended.contains(id) && results[id] == nil {
                let duration = log.durations[id] ?? 0
                if let issues = log.failures[id], !issues.isEmpty {
                    let message = issues.map(\.message).joined(separator: "\n")
                    results[id] = TestResult(
                        outcome: .failed(message, locate(message)), output: output, duration: duration)
                } else {
                    results[id] = TestResult(outcome: .passed, output: .empty, duration: duration)
                }
                skip.append(id)
            }

            let unfinished = log.unfinished.filter { results[$0] == nil }
            switch result.termination {
            case .exited(let code) where unfinished.isEmpty && (code == 0 || code == 1):
                // Checks the stream never showed starting and ending (a run cut short between
                // two of them) keep no result and are graded "not run", never passed.
                break runLoop
            case .stopped, .timedOut:
                let overall = result.termination == .timedOut
                let message =
                    overall
                    ? "The checks did not finish within \(limits.testSeconds) s and were stopped."
                    : "This check ran for more than \(limits.perTestSeconds) s and was stopped: look for a loop that never ends or a wait that is never satisfied."
                guard let culprit = unfinished.first else { break runLoop }
                results[culprit] = TestResult(
                    outcome: .timedOut(message), output: output, duration: Double(limits.perTestSeconds))
                skip.append(culprit)
                if overall { break runLoop }
            default:
                // Crashed before or after any test: nothing to blame, nothing more to learn.
                guard let culprit = unfinished.first else { break runLoop }
                let (message, location) = Self.crashDescription(result, output: result.stderr.text, locate: locate)
                results[culprit] = TestResult(outcome: .crashed(message, location), output: output, duration: 0)
                skip.append(culprit)
            }
        }
        // The run's output mixes every test's prints: run each failed or crashed test alone
        // (milliseconds each) so its check shows only its own output.
        for (id, result) in results where result.outcome.status == .failed || result.outcome.status == .crashed {
            let alone = await execute(
                binary: binary, arguments: ["--filter", Self.skipPattern(for: id)],
                timeout: Double(limits.perTestSeconds),
                scratch: scratch, shouldStop: nil, channel: nil, purpose: "run one hidden check alone")
            runs += 1
            switch alone.termination {
            case .exited, .signalled:
                results[id]?.output = CapturedText.capped(
                    Self.learnerOutput(alone.combinedOutput), limit: limits.outputKilobytes << 10,
                    alreadyDropped: alone.stdout.droppedBytes + alone.stderr.droppedBytes)
            default:
                continue
            }
        }
        return Report(results: results, names: names, runs: runs)
    }

    /// Runs of the check binary before the rest are given up on: one per crashed or hung test.
    static let runCap = 64

    private var isolated: Bool { environment.sandbox.isolation == .bubblewrap }

    /// Runs the check binary once in the sandbox (`--no-parallel` plus `arguments`) with the test
    /// limits and the output cap. In bubblewrap it sees the system, the toolchain's runtime and
    /// the check binary, read-only, and writes only in its own small `/tmp`: not the build
    /// folder, the hidden sources, any home or any folder that outlives it. Without bubblewrap
    /// it starts in `scratch`.
    private func execute(
        binary: URL, arguments: [String], timeout: Double, scratch: URL?, shouldStop: (@Sendable () -> Bool)?,
        channel: (@Sendable ([UInt8]) -> Void)?, purpose: String, gate: ProcessGate? = nil
    ) async -> ProcessResult {
        // The binary's folder (holding only it and the library of the learner's code it loads) is
        // what the sandbox sees: a gated run's sandbox is set up before the binary is linked into it.
        let folder = binary.deletingLastPathComponent()
        return await environment.sandbox.run(
            SandboxedRequest(
                command: [binary.path, "--no-parallel"] + arguments, purpose: purpose,
                environment: environment.childEnvironment(home: scratch?.path ?? "/tmp"), timeout: timeout,
                outputLimit: limits.outputKilobytes << 10, writable: scratch.map { [$0.path] } ?? [],
                readOnly: [folder.path], hidden: hiddenPaths,
                start: scratch.map { .folder($0.path) } ?? .temporaryFolder,
                limits: sandboxLimits, shouldStop: shouldStop, channel: channel, gate: gate),
            on: runner)
    }

    private var sandboxLimits: Sandbox.ResourceLimits {
        Sandbox.ResourceLimits(
            cpuSeconds: limits.testSeconds + 1, memoryBytes: limits.memoryMegabytes << 20,
            fileSizeBytes: 64 << 20, openFiles: 256, processes: 256, rootProcesses: 256)
    }

    /// What the learner's code printed: Swift Testing's own progress lines (◇ ↳ ✔ ✘ …, which
    /// name the hidden files) are dropped; issues reach the verdict through the event stream.
    static func learnerOutput(_ text: String) -> String {
        let markers: Set<Character> = ["◇", "↳", "✔", "✘", "⚠", "􀢄", "􀟈", "􁁛", "􀄵", "􀀄"]
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !(line.first.map(markers.contains) ?? false) }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    /// `--skip` takes a regular expression over `Module.Suite/test()`.
    static func skipPattern(for id: String) -> String {
        var name = id
        if let range = id.range(of: "/", options: .backwards), id[range.upperBound...].contains(".swift:") {
            name = String(id[..<range.lowerBound])
        }
        let special = Set("\\^$.|?*+()[]{}")
        // Swift Testing matches the pattern against the id, which may go on with `/File.swift:line:col`.
        return "^" + name.map { special.contains($0) ? "\\\($0)" : String($0) }.joined() + "(/|$)"
    }

    static func crashDescription(
        _ result: ProcessResult, output: String, locate: (String) -> SourceLocation?
    ) -> (String, SourceLocation?) {
        let fatal = output.split(separator: "\n").first {
            $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed")
        }
        var message: String
        switch result.termination {
        case .signalled(let signal): message = "The check crashed (\(signalName(signal)))."
        case .exited(let code) where code > 128 && code < 128 + 32:
            // The sandbox reports a child killed by signal N as exit status 128 + N.
            message = "The check crashed (\(signalName(code - 128)))."
        case .exited(let code): message = "The check runner stopped unexpectedly (exit code \(code))."
        case .failedToStart(let reason): message = "The check runner could not start: \(reason)"
        default: message = "The check runner stopped unexpectedly."
        }
        if let fatal { message += "\n" + fatal.trimmingCharacters(in: .whitespaces) }
        return (message, fatal.flatMap { locate(String($0)) })
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP:
            "a trap: fatalError, a force-unwrapped nil, an index out of range or a failed precondition"
        case SIGSEGV, SIGBUS: "a memory access violation"
        case SIGABRT: "abort: often running out of memory"
        case SIGXCPU: "it used up its CPU time"
        case SIGXFSZ: "it wrote a file larger than the limit"
        case SIGKILL: "killed"
        case SIGFPE: "an arithmetic error"
        default: "signal \(signal)"
        }
    }
}
