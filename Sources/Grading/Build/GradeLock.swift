import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One grade at a time per build folder, across processes: an `flock` on a file beside the
/// folder. The tutorial's watch and a `dikata grade` in another terminal would otherwise
/// rebuild the same folder under each other and report a false "does not compile".
final class GradeLock {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock at `file`, polling at `pace` while another grade holds it; `waiting` is
    /// called once, when the lock is busy.
    static func acquire(
        _ file: URL, pace: Duration = .milliseconds(100), pause: @Sendable (Duration) async -> Void,
        waiting: () -> Void
    ) async throws(GradingError) -> GradeLock {
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .configuration("dikata cannot create its lock file \(file.path): \(String(cString: strerror(errno)))")
        }
        var announced = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                close(descriptor)
                throw .configuration("dikata cannot lock \(file.path): \(String(cString: strerror(errno)))")
            }
            if !announced {
                announced = true
                waiting()
            }
            await pause(pace)
        }
        return GradeLock(descriptor: descriptor)
    }

    /// Lets the next grade in.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
