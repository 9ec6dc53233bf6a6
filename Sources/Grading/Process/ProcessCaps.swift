import DIKataCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One control group of the `pids` controller, made for one sandboxed run: the run joins it
/// before it starts, and it counts every process and thread the run makes.
public struct ProcessCap: Equatable, Sendable {
    public var folder: String
    /// A process joins the group by writing its pid here.
    public var membershipFile: String { folder + "/cgroup.procs" }

    public init(folder: String) { self.folder = folder }
}

/// Caps how many processes and threads one sandboxed run may have. `RLIMIT_NPROC` does that
/// for ordinary users but nothing for root, so as root dikata makes a `pids` cgroup per run.
/// The live value writes under `/sys/fs/cgroup`; tests use `recording` or `unavailable`.
public struct ProcessCaps: Sendable {
    /// Makes an empty group that allows `limit` processes and threads; nil when it cannot.
    public var open: @Sendable (_ limit: Int) -> ProcessCap?
    /// Stops whatever is still in the group and removes the group.
    public var close: @Sendable (ProcessCap) -> Void

    public init(open: @escaping @Sendable (Int) -> ProcessCap?, close: @escaping @Sendable (ProcessCap) -> Void) {
        self.open = open
        self.close = close
    }

    /// No groups: the process count is left to `RLIMIT_NPROC`.
    public static let unavailable = ProcessCaps(open: { _ in nil }, close: { _ in })
}

extension ProcessCaps {
    /// Groups in `parent`, a folder of a `pids` hierarchy that this process may write in, named
    /// `run-<pid>-<id>` with a fresh `newID()` each (the pid tells a later dikata whose group it was).
    public static func cgroups(parent: String, newID: @escaping @Sendable () -> String) -> ProcessCaps {
        ProcessCaps(
            open: { limit in
                let folder = parent + "/run-\(getpid())-\(newID())"
                guard mkdir(folder, 0o755) == 0 else { return nil }
                guard write("\(limit)", to: folder + "/pids.max") else {
                    rmdir(folder)
                    return nil
                }
                return ProcessCap(folder: folder)
            },
            close: { cap in
                // Bubblewrap's pid namespace and the process group are gone by now; this stops
                // anything that slipped out of both, then removes the empty group.
                for _ in 0..<200 {
                    let members = members(of: cap)
                    if members.isEmpty && rmdir(cap.folder) == 0 { return }
                    members.forEach { kill($0, SIGKILL) }
                    usleep(5_000)
                }
            })
    }

    /// A `pids` hierarchy dikata can cap runs in, when it runs as root: the cgroup v1 `pids`
    /// controller, or cgroup v2 with `pids` enabled for a `dikata` group. Making a group and
    /// setting its limit is the test (no process is started: joining one costs ~15 ms).
    /// Groups left behind by a dikata that was killed are removed on the way.
    public static func discover(newID: @escaping @Sendable () -> String) -> ProcessCaps? {
        let candidates: [(root: String, enable: Bool)] = [("/sys/fs/cgroup/pids", false), ("/sys/fs/cgroup", true)]
        for (root, enable) in candidates where FileManager.default.fileExists(atPath: root + "/cgroup.procs") {
            let parent = root + "/dikata"
            if enable { _ = write("+pids", to: root + "/cgroup.subtree_control") }
            guard mkdir(parent, 0o755) == 0 || errno == EEXIST else { continue }
            if enable { _ = write("+pids", to: parent + "/cgroup.subtree_control") }
            removeAbandonedGroups(in: parent)
            let caps = cgroups(parent: parent, newID: newID)
            guard let probe = caps.open(16) else { continue }
            caps.close(probe)
            return caps
        }
        return nil
    }

    private static func members(of cap: ProcessCap) -> [pid_t] {
        let text = (try? String(contentsOfFile: cap.membershipFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { pid_t($0) }
    }

    /// `run-<pid>-…` groups whose dikata is no longer running.
    private static func removeAbandonedGroups(in parent: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix("run-") {
            let owner = name.split(separator: "-").dropFirst().first.flatMap { pid_t($0) }
            if let owner, kill(owner, 0) == 0 { continue }
            let cap = ProcessCap(folder: parent + "/" + name)
            members(of: cap).forEach { kill($0, SIGKILL) }
            rmdir(cap.folder)
        }
    }

    /// Writes `text` to a control file in one write, as the kernel wants it.
    private static func write(_ text: String, to path: String) -> Bool {
        guard let handle = FileHandle(forWritingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data(text.utf8))) != nil
    }
}
