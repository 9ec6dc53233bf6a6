import DIKataCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Grading

/// The sandbox a grade's toolchain jobs share (issue 15), against a host that starts nothing:
/// ``HostDouble`` reads the job lines the host's input receives, answers each job from the
/// test's script of outcomes and reports on the event stream as the host's shell does.
struct SandboxHostTests {
    /// How one job of the double ends.
    enum Outcome: Sendable {
        case exits(Int32, stdout: String = "", stderr: String = "")
        /// Never ends by itself; a `kill` of its group ends it as SIGKILL would (status 137).
        case hangs
    }

    /// A test host: a `ProcessRunning` value for the host's request. It checks that the request
    /// is the host's (bubblewrap around the host script), then answers its input's lines.
    final class HostDouble: ProcessRunning {
        let outcome: @Sendable ([String]) -> Outcome
        /// Ends at once, as a host whose sandbox cannot be set up does.
        let failsToStart: Bool
        let clock: TestClock
        private let log = Mutex<[String]>([])
        private let requests = Mutex<[ProcessRequest]>([])

        init(failsToStart: Bool = false, clock: TestClock, outcome: @escaping @Sendable ([String]) -> Outcome) {
            self.outcome = outcome
            self.failsToStart = failsToStart
            self.clock = clock
        }

        /// The lines the host received, in order.
        var received: [String] { log.withLock { $0 } }
        var hostRequests: [ProcessRequest] { requests.withLock { $0 } }

        func run(_ request: ProcessRequest) async -> ProcessResult {
            requests.withLock { $0.append(request) }
            guard !failsToStart, let input = request.input, let channel = request.channel else {
                return ProcessResult(
                    termination: .exited(1), stdout: .empty, stderr: CapturedText(text: "bwrap: cannot set up"),
                    duration: 0)
            }
            var hanging: [Int: String] = [:]  // group → job id
            var group = 100
            while let line = await input.next() {
                log.withLock { $0.append(line) }
                let words = line.split(separator: " ", maxSplits: 2).map(String.init)
                if words.first == "kill", words.count == 2, let killed = Int(words[1]), let id = hanging[killed] {
                    hanging[killed] = nil
                    channel(Array("\(id) exited 137\n".utf8))
                    continue
                }
                guard words.count == 3, words[0] == "job",
                    let script = try? String(contentsOfFile: words[2], encoding: .utf8)
                else { continue }
                let job = Job(script: script)
                group += 1
                channel(Array("\(words[1]) started \(group)\n".utf8))
                switch outcome(job.command) {
                case .exits(let status, let stdout, let stderr):
                    try? Data(stdout.utf8).write(to: URL(fileURLWithPath: job.stdout))
                    try? Data(stderr.utf8).write(to: URL(fileURLWithPath: job.stderr))
                    // Split mid-line, as a pipe may deliver it.
                    let report = Array("\(words[1]) exited \(status)\n".utf8)
                    channel(Array(report.prefix(3)))
                    channel(Array(report.dropFirst(3)))
                case .hangs:
                    hanging[group] = words[1]
                    // The runner asks its stop condition as time passes.
                    clock.advance(by: 3600)
                    _ = request.shouldStop?()
                }
            }
            return ProcessResult(termination: .exited(0), stdout: .empty, stderr: .empty, duration: 0)
        }
    }

    /// What the double reads of a job script: its output files and the command it `exec`s.
    struct Job {
        var stdout = ""
        var stderr = ""
        var command: [String] = []

        init(script: String) {
            for line in script.split(separator: "\n").map(String.init) {
                let words = Self.words(line)
                if line.hasPrefix("exec </dev/null") {
                    stdout = words.first { $0.hasPrefix(">") }.map { String($0.dropFirst()) } ?? ""
                    stderr = words.first { $0.hasPrefix("2>") }.map { String($0.dropFirst(2)) } ?? ""
                } else if line.hasPrefix("exec ") {
                    command = Array(words.dropFirst())
                }
            }
        }

        /// A line's words with the shell's single quotes taken off.
        static func words(_ line: String) -> [String] {
            var words: [String] = []
            var word = ""
            var quoted = false
            var started = false
            var escaped = false
            for character in line {
                if escaped {
                    word.append(character)
                    escaped = false
                } else if character == "\\" && !quoted {
                    escaped = true
                    started = true
                } else if character == "'" {
                    quoted.toggle()
                    started = true
                } else if character == " " && !quoted {
                    if started { words.append(word) }
                    word = ""
                    started = false
                } else {
                    word.append(character)
                    started = true
                }
            }
            if started { words.append(word) }
            return words
        }
    }

    let build: URL
    let sandbox = Sandbox(
        tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: "/usr/bin/prlimit", runningAsRoot: false,
        systemPaths: ["/usr"], setsid: "/usr/bin/setsid")
    let environment = ["PATH": "/usr/bin:/bin", "TMPDIR": "/tmp", "HOME": "/build/home"]

    init() throws {
        build = Fixtures.runFolder.appendingPathComponent("dikata-host-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    }

    var view: SandboxHost.View {
        SandboxHost.View(
            writable: [build.path, "/cache/module-cache"], readOnly: [], hidden: ["/katas/05"],
            start: .folder(build.path))
    }

    func start(_ runner: HostDouble) throws -> SandboxHost {
        try #require(
            SandboxHost.start(
                sandbox: sandbox, view: view, environment: environment,
                folder: build.appendingPathComponent("host-jobs"), runner: runner, now: runner.clock.now))
    }

    func job(_ command: [String], timeout: Double = 30, outputLimit: Int = 1 << 20) -> SandboxedRequest {
        var variables = environment
        variables["TMPDIR"] = build.appendingPathComponent("plan files").path
        variables["HOME"] = nil
        return SandboxedRequest(
            command: command, purpose: "compile Login", environment: variables, timeout: timeout,
            outputLimit: outputLimit, writable: view.writable, hidden: view.hidden, start: view.start,
            limits: Sandbox.ResourceLimits(
                cpuSeconds: 35, memoryBytes: nil, fileSizeBytes: 512 << 20, openFiles: 1024, processes: nil))
    }

    @Test func theHostIsOneBubblewrapAroundTheHostScriptWithTheJobsView() async throws {
        let runner = HostDouble(clock: TestClock()) { _ in .exits(0) }
        let host = try start(runner)
        await host.finish()
        let request = try #require(runner.hostRequests.first)
        let line = [request.executable] + request.arguments
        #expect(line.first == "/usr/bin/prlimit")
        #expect(line.filter { $0 == "/usr/bin/bwrap" }.count == 1)
        let text = line.joined(separator: " ")
        #expect(text.contains("--bind \(build.path) \(build.path) --bind /cache/module-cache /cache/module-cache"))
        #expect(text.contains("--tmpfs /katas/05"))
        #expect(line.contains(SandboxHost.hostScript(setsid: "/usr/bin/setsid")))
        #expect(request.input != nil && request.channel != nil)
    }

    @Test func aJobRunsInTheHostWithItsStatusAndItsOutputCappedAtItsLimit() async throws {
        let runner = HostDouble(clock: TestClock()) { command in
            command.last == "Login.swift"
                ? .exits(1, stdout: "", stderr: "Login.swift:3: error: cannot find 'x'") : .exits(0, stdout: "ok")
        }
        let host = try start(runner)
        let failed = try #require(
            await host.run(job(["/opt/swift/bin/swift-frontend", "-c", "Login.swift"], outputLimit: 14)))
        #expect(failed.termination == .exited(1))
        #expect(failed.stderr == CapturedText(text: "Login.swift:3:", droppedBytes: 23))
        let passed = try #require(await host.run(job(["/opt/swift/bin/swift-frontend", "-c", "App.swift"])))
        #expect(passed.termination == .exited(0) && passed.stdout.text == "ok")
        await host.finish()
        #expect(runner.received.count == 2)
        #expect(runner.received.allSatisfy { $0.hasPrefix("job ") })
        // Each job's files are gone once its result is read.
        let left = try FileManager.default.contentsOfDirectory(atPath: build.appendingPathComponent("host-jobs").path)
        #expect(left.isEmpty)
    }

    @Test func aStatusAboveOneHundredTwentyEightIsTheSignalThatEndedTheJob() async throws {
        let runner = HostDouble(clock: TestClock()) { _ in .exits(139) }
        let host = try start(runner)
        let crashed = try #require(await host.run(job(["/opt/swift/bin/swift-frontend", "-c", "Login.swift"])))
        await host.finish()
        #expect(crashed.termination == .signalled(11))
        #expect(SandboxHost.termination(ofStatus: 1) == .exited(1))
        #expect(SandboxHost.termination(ofStatus: 126) == .exited(126))
        #expect(SandboxHost.termination(ofStatus: 137) == .signalled(9))
    }

    @Test func aJobPastItsDeadlineIsKilledAloneAndTimesOut() async throws {
        let runner = HostDouble(clock: TestClock()) { command in command.contains("hang") ? .hangs : .exits(0) }
        let host = try start(runner)
        let hung = try #require(await host.run(job(["/opt/swift/bin/swift-frontend", "hang"], timeout: 60)))
        #expect(hung.termination == .timedOut)
        let next = try #require(await host.run(job(["/opt/swift/bin/swift-frontend", "-c", "App.swift"])))
        #expect(next.termination == .exited(0))
        await host.finish()
        // Its group alone, once: the double started it as group 101.
        #expect(runner.received.filter { $0.hasPrefix("kill") } == ["kill 101"])
    }

    @Test func aCancelledJobIsKilledAndStops() async throws {
        let clock = TestClock()
        let runner = HostDouble(clock: clock) { _ in .hangs }
        let host = try start(runner)
        // Far from its deadline: only the cancellation ends it.
        let running = Task { await host.run(job(["/opt/swift/bin/swift-frontend", "hang"], timeout: 1e9)) }
        while !runner.received.contains(where: { $0.hasPrefix("job") }) { await Task.yield() }
        running.cancel()
        let result = try #require(await running.value)
        await host.finish()
        #expect(result.termination == .stopped)
        #expect(runner.received.filter { $0.hasPrefix("kill") } == ["kill 101"])
    }

    @Test func whenTheHostCannotStartEveryJobNeedsASandboxOfItsOwn() async throws {
        let runner = HostDouble(failsToStart: true, clock: TestClock()) { _ in .exits(0) }
        let host = try start(runner)
        #expect(await host.run(job(["/opt/swift/bin/swift-frontend", "-c", "Login.swift"])) == nil)
        #expect(await host.run(job(["/opt/swift/bin/swift-frontend", "-c", "App.swift"])) == nil)
        await host.finish()
    }

    @Test func aJobThatSeesOtherFoldersOrNeedsMoreIsNotTaken() async throws {
        let runner = HostDouble(clock: TestClock()) { _ in .exits(0) }
        let host = try start(runner)
        var manifest = job(["/opt/swift/bin/swift", "package", "dump-package"])
        manifest.writable = [build.appendingPathComponent("swiftpm").path]
        var capped = job(["/opt/swift/bin/swift", "package", "dump-package"])
        capped.limits.rootProcesses = 1024
        var gated = job(["/build/checks/bin/runner"])
        gated.gate = ProcessGate()
        var odd = job(["/opt/swift/bin/swift-frontend"])
        odd.environment["NOT-A-NAME"] = "x"
        for request in [manifest, capped, gated, odd] { #expect(await host.run(request) == nil) }
        await host.finish()
        #expect(runner.received.isEmpty)
        #expect(await host.run(job(["/opt/swift/bin/swift-frontend"])) == nil, "Finished: no more jobs")
    }

    @Test func theHostNeedsBubblewrapAndSetsid() throws {
        let runner = HostDouble(clock: TestClock()) { _ in .exits(0) }
        var bare = sandbox
        bare.tool = .none(reason: "test")
        var noSetsid = sandbox
        noSetsid.setsid = nil
        for machine in [bare, noSetsid] {
            #expect(
                SandboxHost.start(
                    sandbox: machine, view: view, environment: environment,
                    folder: build.appendingPathComponent("host-jobs"), runner: runner, now: runner.clock.now) == nil)
        }
        // Its folder must be one its jobs may write.
        #expect(
            SandboxHost.start(
                sandbox: sandbox, view: view, environment: environment,
                folder: URL(fileURLWithPath: "/elsewhere/host-jobs"), runner: runner, now: runner.clock.now) == nil)
        #expect(runner.hostRequests.isEmpty)
    }

    @Test func aJobScriptSetsItsLimitsItsOwnVariablesItsFolderAndQuotesEveryWord() {
        let files = SandboxHost.JobFiles(folder: URL(fileURLWithPath: "/b/host-jobs"), id: 7)
        var request = job(["/opt/swift/bin/swift-frontend", "-c", "/b/it's here.swift"])
        request.environment["TMPDIR"] = "/b/plan files"
        request.start = .folder("/b")
        let script = SandboxHost.jobScript(
            request, files: files, hostEnvironment: environment, setsid: "/usr/bin/setsid")
        #expect(
            script == """
                exec </dev/null >'/b/host-jobs/7.out' 2>'/b/host-jobs/7.err' 3>&- || exit 126
                ulimit -t 35 && ulimit -f 1048576 && ulimit -n 1024 || exit 126
                export TMPDIR='/b/plan files'
                unset HOME
                cd '/b' || exit 126
                exec '/usr/bin/setsid' '/opt/swift/bin/swift-frontend' '-c' '/b/it'\\''s here.swift'

                """)
        #expect(
            Job.words("exec '/usr/bin/setsid' '/b/it'\\''s here.swift'") == [
                "exec", "/usr/bin/setsid", "/b/it's here.swift",
            ])
    }
}

/// Whether this machine can have a host: bubblewrap and `setsid` at their usual paths.
enum LiveHostMachine {
    static let available =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")
}

/// The host on this machine: real bubblewrap, the real shell and `setsid`, hostile jobs.
@Suite(.enabled(if: LiveHostMachine.available, "needs bubblewrap and setsid"))
struct SandboxHostLiveTests {
    let runner = PosixProcessRunner(now: { Date() })
    let build: URL
    let secret: URL
    let sandbox = Sandbox(
        tool: .bubblewrap(path: "/usr/bin/bwrap"),
        prlimit: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") ? "/usr/bin/prlimit" : nil,
        runningAsRoot: getuid() == 0, setsid: "/usr/bin/setsid")
    let environment = ["PATH": "/usr/bin:/bin", "TMPDIR": "/tmp", "HOME": "/nonexistent", "LANG": "C.UTF-8"]

    init() throws {
        let root = Fixtures.runFolder.appendingPathComponent("dikata-live-host-\(UUID().uuidString)")
        build = root.appendingPathComponent("build", isDirectory: true)
        secret = root.appendingPathComponent("kata", isDirectory: true)
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        try Data("the solution".utf8).write(to: secret.appendingPathComponent("Solution.swift"))
    }

    /// Every process's command line, one per line (from `/proc`: no `ps` needed).
    static let listProcesses = "for f in /proc/[0-9]*/cmdline; do tr '\\0' ' ' < $f; echo; done 2>/dev/null"

    var view: SandboxHost.View {
        SandboxHost.View(writable: [build.path], readOnly: [], hidden: [secret.path], start: .folder(build.path))
    }

    func start() throws -> SandboxHost {
        let host = SandboxHost.start(
            sandbox: sandbox, view: view, environment: environment,
            folder: build.appendingPathComponent("host-jobs"), runner: runner, now: { Date() })
        return try #require(host)
    }

    func job(_ script: String, timeout: Double = 30, outputLimit: Int = 1 << 20) -> SandboxedRequest {
        var variables = environment
        variables["TMPDIR"] = build.path
        variables["HOME"] = nil
        return SandboxedRequest(
            command: ["/bin/sh", "-c", script], purpose: "test the host", environment: variables, timeout: timeout,
            outputLimit: outputLimit, writable: view.writable, hidden: view.hidden, start: view.start,
            limits: Sandbox.ResourceLimits(
                cpuSeconds: 35, memoryBytes: nil, fileSizeBytes: 1 << 20, openFiles: 256, processes: nil))
    }

    @Test func aJobGetsItsStatusItsOutputItsVariablesAndItsLimits() async throws {
        let host = try start()
        let result = try #require(
            await host.run(
                job(
                    "echo \"$TMPDIR ${HOME-unset} $(pwd)\"; ulimit -t; ulimit -n; ls /proc/self/fd | wc -l; echo warned >&2; exit 3"
                )))
        await host.finish()
        #expect(result.termination == .exited(3))
        // Descriptors 0-2 and the one `ls` reads its folder with: no event stream, nothing of dikata's.
        #expect(result.stdout.text == "\(build.path) unset \(build.path)\n35\n256\n4\n")
        #expect(result.stderr.text == "warned\n")
    }

    @Test func aCrashIsTheSignalAFloodIsCappedAndTheKatasFilesAreNotThere() async throws {
        let host = try start()
        async let crash = host.run(job("kill -SEGV $$"))
        async let flood = host.run(job("head -c 3000000 /dev/zero | tr '\\0' x; true", outputLimit: 1000))
        async let peek = host.run(job("cat \(secret.path)/Solution.swift; ls -A \(secret.path) | wc -l"))
        let (crashed, flooded, peeked) = (
            try #require(await crash), try #require(await flood), try #require(await peek)
        )
        await host.finish()
        #expect(crashed.termination == .signalled(11))
        // The file-size limit (1 MiB) ends the flood, and dikata keeps its first 1000 bytes.
        #expect(flooded.stdout.text == String(repeating: "x", count: 1000))
        #expect(flooded.stdout.droppedBytes == (1 << 20) - 1000)
        #expect(peeked.stdout.text == "0\n", "The kata's folder is an empty one: \(peeked.combinedOutput)")
        #expect(peeked.termination == .exited(0))
    }

    @Test func aHungJobTimesOutAloneWithEverythingItStartedAndTheOthersFinish() async throws {
        let host = try start()
        let marker = "sleep 987.\(Int.random(in: 100...999))"
        async let hung = host.run(job("\(marker) & \(marker)", timeout: 1))
        async let other = host.run(job("sleep 1.5; echo done"))
        let (timedOut, finished) = (try #require(await hung), try #require(await other))
        #expect(timedOut.termination == .timedOut)
        #expect(finished.termination == .exited(0) && finished.stdout.text == "done\n")
        let left = try #require(await host.run(job(Self.listProcesses)))
        await host.finish()
        #expect(!left.stdout.text.contains(marker), "\(left.stdout.text)")
    }

    @Test func finishingTheHostEndsWhatIsStillInItAndLaterJobsAreLeftToTheirOwnSandbox() async throws {
        let host = try start()
        let marker = "sleep 986.\(Int.random(in: 100...999))"
        let running = Task { await host.run(job(marker, timeout: 600)) }
        try await Task.sleep(for: .milliseconds(300))
        await host.finish()
        #expect(await running.value == nil)
        #expect(await host.run(job("true")) == nil)
        let listing = await runner.run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", Self.listProcesses], environment: environment, timeout: 10,
                purpose: "list processes"))
        #expect(!listing.stdout.text.contains(marker))
    }
}
