import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Remembers that bubblewrap worked on this machine, so a grade does not start a probe process
/// each time. The stamp holds everything that decides whether bwrap can create a sandbox: the
/// bwrap binary (path, size, time, inode), the boot, the user, the namespaces dikata runs in and
/// the kernel's user-namespace switches. Only a probe that worked is recorded: a failed one is
/// tried again on the next grade, so a sandbox that becomes possible is never missed.
struct SandboxProbeStamp {
    /// The file that records the stamp of the last probe that worked.
    var file: URL
    /// The files whose contents the stamp holds (kernel and namespace state); tests pass others.
    var systemFiles: [String] = Self.liveSystemFiles

    static let liveSystemFiles = [
        "/proc/sys/kernel/random/boot_id", "/proc/sys/user/max_user_namespaces",
        "/proc/sys/kernel/unprivileged_userns_clone", "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
    ]
    static let liveNamespaces = ["/proc/self/ns/user", "/proc/self/ns/mnt", "/proc/self/ns/pid", "/proc/self/ns/net"]

    init(cacheRoot: URL) {
        file = cacheRoot.appendingPathComponent("sandbox", isDirectory: true).appendingPathComponent("bubblewrap-works")
    }

    func stamp(bwrap: String) -> BuildStamp {
        var stamp = BuildStamp("sandbox-probe-v1")
        stamp.add(bwrap)
        let attributes = (try? FileManager.default.attributesOfItem(atPath: bwrap)) ?? [:]
        for key in [FileAttributeKey.size, .modificationDate, .systemFileNumber, .ownerAccountID, .posixPermissions] {
            stamp.add("\(key.rawValue)=\(attributes[key].map { "\($0)" } ?? "-")")
        }
        stamp.add("uid=\(getuid()) euid=\(geteuid())")
        for path in systemFiles { stamp.add(file: URL(fileURLWithPath: path)) }
        for path in Self.liveNamespaces {
            stamp.add(path + "=" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "-"))
        }
        return stamp
    }

    /// Whether a probe of this bwrap, on this boot and in these namespaces, already worked.
    func worked(bwrap: String) -> Bool {
        stamp(bwrap: bwrap).isCurrent(in: file, outputs: [])
    }

    func recordWorked(bwrap: String) {
        stamp(bwrap: bwrap).record(in: file)
    }
}
