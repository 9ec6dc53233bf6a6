import Foundation

/// Writes the build folder's records: stamps, JSON cache entries, driver plans, the sandbox's
/// job scripts. Each is replaced in one step (a temporary file in the same folder, renamed over
/// it), so a reader sees the old contents or the new, never half; and none waits for the disk.
///
/// Foundation's `Data.write(to:)` calls `fsync` for every file, with `.atomic` or without: 21
/// times in a warm grade of kata 05 and 254 times in an empty-cache one, each blocking its
/// thread until the disk has the file. A record needs to be whole, not durable: after a power
/// loss, one that was cut short or left empty is one that cannot be read (a stamp that matches
/// nothing, JSON that does not decode), and it is made again. So a record whose empty or cut
/// contents would still read as a value (a text cache, a source file the compiler reads, the
/// learner's progress) is not written here.
enum RecordFile {
    /// Replaces the file at `url` with `data`; false when it could not be written (the file
    /// is then as it was).
    @discardableResult
    static func replace(_ url: URL, with data: Data) -> Bool {
        var template = Array("\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0,
            let temporary = template.withUnsafeBufferPointer({ $0.baseAddress.map { String(cString: $0) } })
        else { return false }
        // mkstemp makes the file for its owner alone; a record is as readable as any other file.
        let written = fchmod(descriptor, 0o644) == 0 && writeAll(data, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Writes all of `data` to `descriptor`, again after an interrupted write; false on an error.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }  // nothing to write
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, base + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
