import Foundation
import Grading
import Synchronization
import TestSupport
import Testing

/// The live process runner, on real `/bin/sh` children: what a child inherits, and the channel
/// the check runner's event stream travels on.
struct ProcessRunnerTests {
    let runner = PosixProcessRunner(now: { Date() })

    func run(_ script: String, channel: (@Sendable ([UInt8]) -> Void)? = nil) async -> ProcessResult {
        await runner.run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                timeout: 10, purpose: "test the process runner", channel: channel))
    }

    /// The descriptors the `sh` child holds, listed by a grandchild (a listing of one's own
    /// descriptors would include the folder being listed).
    static let listDescriptors = "ls /proc/$$/fd; true"

    @Test func aChildInheritsOnlyItsStandardDescriptors() async throws {
        // This test process holds other descriptors (Swift Testing's, the shell's that started it).
        let result = await run(Self.listDescriptors)
        #expect(result.termination == .exited(0))
        #expect(result.stdout.text.split(separator: "\n").sorted() == ["0", "1", "2"])
    }

    @Test func theChannelIsDescriptorThreeAndNothingElse() async throws {
        let result = await run(Self.listDescriptors, channel: { _ in })
        #expect(result.stdout.text.split(separator: "\n").sorted() == ["0", "1", "2", "3"])
    }

    @Test func whatTheChildWritesToTheChannelArrivesInOrderApartFromItsOutput() async throws {
        let received = Received()
        let script =
            "i=0; while [ $i -lt 2000 ]; do echo \"event $i\" >&3; i=$((i+1)); done; echo printed; echo warned >&2"
        let result = await run(script, channel: { received.append($0) })
        #expect(result.termination == .exited(0))
        #expect(result.stdout.text == "printed\n")
        #expect(result.stderr.text == "warned\n")
        let lines = String(decoding: received.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2000)
        #expect(lines.first == "event 0" && lines.last == "event 1999")
    }

    @Test func theChannelIsReachableAsAPathInsideTheChild() async throws {
        // Swift Testing is given `--event-stream-output-path /dev/fd/3` and opens it as a file.
        let received = Received()
        let result = await run("echo through-the-path > /dev/fd/3", channel: { received.append($0) })
        #expect(result.termination == .exited(0))
        #expect(String(decoding: received.bytes, as: UTF8.self) == "through-the-path\n")
    }

    @Test func withoutAChannelDescriptorThreeIsClosed() async throws {
        let result = await run("echo lost >&3")
        #expect(result.termination != .exited(0))
    }

    @Test func aChildStartsInItsWorkingDirectoryWithNoTraceOfDikatasOwn() async throws {
        let folder = Fixtures.runFolder.appendingPathComponent("dikata-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = await runner.run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", "pwd -P; echo \"${OLDPWD-none}\""],
                environment: ["PATH": "/usr/bin:/bin"], workingDirectory: folder.path, timeout: 10,
                purpose: "test the process runner"))
        #expect(result.termination == .exited(0))
        let real = folder.resolvingSymlinksInPath().path
        #expect(result.stdout.text == "\(real)\nnone\n")

        let missing = await runner.run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", "echo ran"], environment: [:],
                workingDirectory: folder.appendingPathComponent("gone").path, timeout: 10,
                purpose: "test the process runner"))
        #expect(!missing.termination.succeeded && missing.stdout.text.isEmpty)
    }

    // MARK: - A gated start (issue 15: the check run's sandbox is set up while the runner links)

    /// `script` behind the sandbox's gate, as the check run is: it starts at once and writes
    /// `started` to a file; the script itself runs only once the gate opens.
    func gated(_ script: String, marker: URL, gate: ProcessGate, timeout: Double = 10) async -> ProcessResult {
        let sandbox = Sandbox(tool: .none(reason: "a test of the gate alone"), prlimit: nil, runningAsRoot: false)
        let line = sandbox.gated(["/bin/sh", "-c", script])
        return await runner.run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", "echo started > \"$0\" && exec \"$@\"", marker.path] + line,
                environment: ["PATH": "/usr/bin:/bin"], timeout: timeout, purpose: "test the gate", gate: gate))
    }

    static func marker() -> URL {
        Fixtures.runFolder.appendingPathComponent("dikata-gate-\(getpid())-\(UUID().uuidString)")
    }

    static func contents(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aGatedCommandRunsOnlyOnceItsGateOpensAndReadsNothingMore() async throws {
        let marker = Self.marker()
        defer { try? FileManager.default.removeItem(at: marker) }
        let gate = ProcessGate()
        async let result = gated(
            "echo ran >> \"\(marker.path)\"; cat; echo \"stdin ended\"", marker: marker, gate: gate)
        // The process is up (it wrote its marker) but the command waits for the gate.
        var waited = 0
        while Self.contents(marker) == nil && waited < 500 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(Self.contents(marker) == "started\n")
        gate.open()
        let ended = await result
        #expect(ended.termination == .exited(0))
        #expect(Self.contents(marker) == "started\nran\n")
        // Its standard input is /dev/null once it runs: the gate's socket is not handed on.
        #expect(ended.stdout.text == "stdin ended\n")
    }

    @Test func aClosedGateRunsNothingOfTheCommand() async throws {
        let marker = Self.marker()
        defer { try? FileManager.default.removeItem(at: marker) }
        let gate = ProcessGate()
        async let result = gated("echo ran >> \"\(marker.path)\"", marker: marker, gate: gate)
        try await Task.sleep(for: .milliseconds(50))
        gate.close()
        gate.open()  // too late: a gate is decided once
        #expect(await result.termination == .stopped)
        try await Task.sleep(for: .milliseconds(50))
        #expect(Self.contents(marker)?.contains("ran") != true)
        #expect(!gate.isOpen)
    }

    @Test func aGatedCommandsTimeCountsFromTheOpening() async throws {
        let marker = Self.marker()
        defer { try? FileManager.default.removeItem(at: marker) }
        let gate = ProcessGate()
        async let result = gated("sleep 0.2; echo done", marker: marker, gate: gate, timeout: 1.5)
        // Held back longer than its timeout: the wait is not the command's time. (The margins
        // leave room for a loaded machine: the command needs 0.2 s of its 1.5.)
        try await Task.sleep(for: .milliseconds(2000))
        gate.open()
        let ended = await result
        #expect(ended.termination == .exited(0))
        #expect(ended.stdout.text == "done\n")
        #expect(ended.duration < 1.5, "the duration counts from the opening: \(ended.duration)")
    }

    @Test func aSandboxThatEndsBeforeTheGateIsDecidedReportsWhyAtOnce() async throws {
        let gate = ProcessGate()
        let started = Date()
        let result = await runner.run(
            ProcessRequest(
                executable: "/bin/sh", arguments: ["-c", "echo 'bwrap: cannot set up' >&2; exit 1"],
                environment: [:], timeout: 120, purpose: "test the gate", gate: gate))
        #expect(result.termination == .exited(1))
        #expect(result.stderr.text == "bwrap: cannot set up\n")
        // Waiting for the gate would take the whole timeout; a shell that exits at once takes
        // far less, even on a loaded machine (stop 42's CI saw 5.1 s with the full tier running).
        #expect(Date().timeIntervalSince(started) < 60, "it did not wait for a gate nobody decided")
        #expect(!gate.isOpen)
    }
}

/// Collects what the channel hands over, from the runner's thread.
private final class Received: Sendable {
    private let storage = Mutex<[UInt8]>([])
    func append(_ bytes: [UInt8]) { storage.withLock { $0 += bytes } }
    var bytes: [UInt8] { storage.withLock { $0 } }
}
