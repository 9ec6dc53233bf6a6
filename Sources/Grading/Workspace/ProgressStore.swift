import DIKataCore
import Foundation

/// Reads and writes `LearnerProgress` atomically (write to a temporary file, then rename), so a
/// crash or `kill -9` mid-write leaves the previous file intact.
public struct ProgressStore: Sendable {
    public var file: URL

    public init(file: URL) { self.file = file }

    public func load() -> LearnerProgress {
        guard let data = FileManager.default.contents(atPath: file.path) else { return LearnerProgress() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (try? decoder.decode(LearnerProgress.self, from: data)) ?? LearnerProgress()
    }

    public func save(_ progress: LearnerProgress) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(progress).write(to: file, options: .atomic)
    }
}
