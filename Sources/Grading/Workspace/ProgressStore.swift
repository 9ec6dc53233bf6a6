import DIKataCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes `LearnerProgress`. A save merges with what is on disk (see
/// `LearnerProgress.merged(with:)`) under an exclusive lock on a file beside it, then writes
/// atomically (a temporary file, then a rename): the open tutorial and a `dikata grade` in
/// another terminal never undo each other's passes, and a crash mid-write leaves the previous
/// file intact.
public struct ProgressStore: Sendable {
    public var file: URL

    public init(file: URL) { self.file = file }

    public func load() -> LearnerProgress {
        guard let data = FileManager.default.contents(atPath: file.path) else { return LearnerProgress() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(LearnerProgress.self, from: data)) ?? LearnerProgress()
    }

    /// Saves `progress` merged with the progress already on disk, and returns what was written.
    @discardableResult
    public func save(_ progress: LearnerProgress) throws -> LearnerProgress {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try withLock {
            let merged = progress.merged(with: load())
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(merged).write(to: file, options: .atomic)
            return merged
        }
    }

    /// Runs `body` holding an exclusive `flock` on `<file>.lock` (released when the descriptor
    /// closes, even if the process dies).
    private func withLock<T>(_ body: () throws -> T) throws -> T {
        let lockPath = file.path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: lockPath])
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }
}
