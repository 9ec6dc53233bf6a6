import Foundation
import Synchronization
import Testing

@testable import Grading

/// The sandbox's command lines (fast), and the process cap on a real cgroup when dikata runs as
/// root on a machine that has a writable `pids` hierarchy.
struct SandboxTests {
    let limits = Sandbox.ResourceLimits(
        cpuSeconds: 5, memoryBytes: nil, fileSizeBytes: 1 << 20, openFiles: 64, processes: 12, rootProcesses: 12)

    @Test func aCappedRunJoinsItsGroupBeforeAnythingElseStarts() {
        let sandbox = Sandbox(
            tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: "/usr/bin/prlimit", runningAsRoot: true)
        let line = sandbox.wrap(
            ["/checks/runner"], writable: [], hidden: [], workingDirectory: "/tmp", limits: limits,
            cap: ProcessCap(folder: "/sys/fs/cgroup/pids/dikata/run-1-a"))
        #expect(
            Array(line.prefix(4)) == [
                "/bin/sh", "-c", "echo $$ > \"$0\" && exec \"$@\"", "/sys/fs/cgroup/pids/dikata/run-1-a/cgroup.procs",
            ])
        #expect(line[4] == "/usr/bin/prlimit")
        #expect(line.last == "/checks/runner")
        // RLIMIT_NPROC is useless for root: the cgroup is the limit.
        #expect(!line.contains { $0.hasPrefix("--nproc") })
    }

    @Test func bubblewrapShowsOnlyTheAllowlistAndASizeCappedTemporaryFolder() {
        let sandbox = Sandbox(
            tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: nil, runningAsRoot: false, systemPaths: ["/usr"])
        let line = sandbox.wrap(
            ["/checks/runner"], writable: [], readOnly: ["/checks/runner"], hidden: [], workingDirectory: "/tmp",
            limits: nil)
        let text = line.joined(separator: " ")
        #expect(text.contains("--ro-bind-try /usr /usr"))
        #expect(text.contains("--size \(64 << 20) --tmpfs /tmp"))
        #expect(text.contains("--ro-bind /checks/runner /checks/runner"))
        #expect(!text.contains("--bind "), "Nothing is writable but /tmp: \(text)")
        #expect(!line.contains("/"), "The root folder is never bound: \(text)")
        #expect(text.contains("--unshare-all") && text.contains("--cap-drop ALL"))
    }

    @Test func theDefaultAllowlistShowsTheHugePageSettingsReadOnlyAndNothingElseOfSys() {
        let sandbox = Sandbox(tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: nil, runningAsRoot: false)
        let text = sandbox.wrap(["/bin/true"], writable: [], hidden: [], workingDirectory: nil, limits: nil)
            .joined(separator: " ")
        let settings = "/sys/kernel/mm/transparent_hugepage"
        #expect(text.contains("--ro-bind-try \(settings) \(settings)"))
        #expect(text.components(separatedBy: "/sys").count == 3, "Nothing else of /sys is bound: \(text)")
    }

    @Test func theVerdictSaysWhenRootsProcessesAreNotCapped() {
        let uncapped = Sandbox(tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: nil, runningAsRoot: true)
        #expect(uncapped.notes.contains { $0.contains("not capped") })
        let capped = Sandbox(
            tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: nil, runningAsRoot: true, processCaps: .unavailable)
        #expect(capped.notes.isEmpty)
        let user = Sandbox(tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: nil, runningAsRoot: false)
        #expect(user.notes.isEmpty)
    }

    @Test func eachRunGetsItsOwnCapAndItIsClosedAfterwards() async {
        let opened = Mutex<[Int]>([])
        let closed = Mutex<[ProcessCap]>([])
        let caps = ProcessCaps(
            open: { limit in
                opened.withLock { $0.append(limit) }
                return ProcessCap(folder: "/nonexistent/run-\(limit)")
            },
            close: { cap in closed.withLock { $0.append(cap) } })
        let sandbox = Sandbox(tool: .none(reason: "test"), prlimit: nil, runningAsRoot: true, processCaps: caps)
        let result = await sandbox.run(
            SandboxedRequest(
                command: ["/bin/true"], purpose: "test", environment: [:], timeout: 5, outputLimit: 1 << 20,
                writable: [], hidden: [], start: .temporaryFolder, limits: limits),
            on: PosixProcessRunner(now: { Date() }))
        // The join fails (no such group), so the command never starts: a run is capped or does not run.
        #expect(result.termination != .exited(0))
        #expect(opened.withLock { $0 } == [12])
        #expect(closed.withLock { $0 } == [ProcessCap(folder: "/nonexistent/run-12")])
    }

    /// Root, on a machine where dikata can make `pids` cgroups (not in a container whose
    /// `/sys/fs/cgroup` is read-only). Making one is the test discovery itself runs.
    static let liveCaps: ProcessCaps? = getuid() == 0 ? ProcessCaps.discover(newID: { UUID().uuidString }) : nil

    @Test(.enabled(if: liveCaps != nil, "needs root and a writable pids cgroup hierarchy"))
    func asRootARunCannotStartMoreProcessesThanItsCapAndLeavesNoGroupBehind() async throws {
        let caps = try #require(Self.liveCaps)
        let folders = Mutex<[String]>([])
        let recording = ProcessCaps(
            open: { limit in
                let cap = caps.open(limit)
                if let cap { folders.withLock { $0.append(cap.folder) } }
                return cap
            },
            close: caps.close)
        let sandbox = Sandbox(tool: .none(reason: "test"), prlimit: nil, runningAsRoot: true, processCaps: recording)
        // Forty sleepers, each outliving the run unless something ends them.
        let script = "i=0; while [ $i -lt 40 ]; do sleep 30 & i=$((i+1)); done; echo started-all"
        let result = await sandbox.run(
            SandboxedRequest(
                command: ["/bin/sh", "-c", script], purpose: "test", environment: ["PATH": "/usr/bin:/bin"],
                timeout: 10, outputLimit: 1 << 20, writable: [], hidden: [], start: .temporaryFolder, limits: limits),
            on: PosixProcessRunner(now: { Date() }))
        #expect(!result.stdout.text.contains("started-all"), "All 40 started under a cap of 12: \(result.stderr.text)")
        #expect(result.stderr.text.lowercased().contains("fork"))
        let folder = try #require(folders.withLock { $0 }.first)
        #expect(!FileManager.default.fileExists(atPath: folder), "The run's cgroup \(folder) is still there.")
    }
}
