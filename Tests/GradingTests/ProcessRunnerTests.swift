import Foundation
import Grading
import Synchronization
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
}

/// Collects what the channel hands over, from the runner's thread.
private final class Received: Sendable {
    private let storage = Mutex<[UInt8]>([])
    func append(_ bytes: [UInt8]) { storage.withLock { $0 += bytes } }
    var bytes: [UInt8] { storage.withLock { $0 } }
}
