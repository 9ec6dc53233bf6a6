import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One grade at a time per build folder, across processes: an `flock` on a file beside the
/// folder. The tutorial's watch and a `dikata grade` in another terminal would otherwise
/// rebuild the same folder under each other and report a false "does not compile".
///
/// ``BuildFolders`` removes a folder's lock file while holding it, so a lock taken on a file
/// that is no longer at its path is let go and taken again on the new file.
final class GradeLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock at `file`, polling at `pace` while another grade holds it; `waiting` is
    /// called once, when the lock is busy.
    static func acquire(
        _ file: URL, pace: Duration = .milliseconds(100), pause: @Sendable (Duration) async -> Void,
        waiting: () -> Void
    ) async throws(GradingError) -> GradeLock {
        var announced = false
        while true {
            switch try attempt(file) {
            case .taken(let lock): return lock
            case .busy:
                if !announced {
                    announced = true
                    waiting()
                }
                await pause(pace)
            }
        }
    }

    /// Takes the lock at `file` only if nobody holds it (nil when busy or unusable).
    static func take(_ file: URL) -> GradeLock? {
        guard case .taken(let lock)? = try? attempt(file) else { return nil }
        return lock
    }

    private enum Attempt {
        case taken(GradeLock)
        case busy
    }

    private static func attempt(_ file: URL) throws(GradingError) -> Attempt {
        while true {
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .configuration(
                    "dikata cannot create its lock file \(file.path): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let failure = errno
                close(descriptor)
                guard failure == EWOULDBLOCK || failure == EINTR else {
                    throw .configuration("dikata cannot lock \(file.path): \(String(cString: strerror(failure)))")
                }
                return .busy
            }
            // The holder before us may have removed the folder and this file: start again
            // on the file now at the path.
            var held = stat()
            var named = stat()
            if fstat(descriptor, &held) == 0, stat(file.path, &named) == 0, held.st_ino == named.st_ino,
                held.st_dev == named.st_dev
            {
                return .taken(GradeLock(descriptor: descriptor))
            }
            close(descriptor)
        }
    }

    /// Records `date` as the folder's last use (the lock file's modification time), which
    /// ``BuildFolders`` keeps the most recent folders by.
    func markUsed(at date: Date) {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let stamp = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        var times = [stamp, stamp]
        _ = futimens(descriptor, &times)
    }

    /// Deletes the lock file, still holding it: for the folder's removal only.
    func unlinkFile(_ file: URL) {
        unlink(file.path)
    }

    /// Lets the next grade in.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
