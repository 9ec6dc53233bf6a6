import DIKataCore
import Foundation

extension Workspace {
    /// Restores a kata's starter (see `reset(_:at:)`); the backup folder, or nil when the
    /// kata's folder was missing and nothing was backed up.
    public func resetKeepingBackup(_ kata: Kata, at date: Date) throws -> URL? {
        let existed = FileManager.default.fileExists(atPath: packageDirectory(for: kata.id).path)
        let backup = try reset(kata, at: date)
        return existed && FileManager.default.fileExists(atPath: backup.path) ? backup : nil
    }
}
