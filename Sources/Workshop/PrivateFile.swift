import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file readable by its owner alone from the moment it exists: opened with O_EXCL and mode
/// 0600, never a looser mode tightened later. The one way dikata and dikata-host write secrets
/// (the control token, the host's private key, the config handed to curl).
public enum PrivateFile {
    /// Creates `path` (0600; refused when anything, even a dangling link, is already there) and
    /// writes `contents` into it.
    public static func create(atPath path: String, contents: String) throws(PrivateFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PrivateFileError("cannot create \(path) (errno \(errno))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(contents.utf8))
            try handle.close()
        } catch {
            unlink(path)
            throw PrivateFileError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Replaces `path` with a private file holding `contents`, atomically: a new file is created
    /// next to it as `create` does and renamed over it, so a reader sees the old or the new one.
    public static func replace(atPath path: String, contents: String) throws(PrivateFileError) {
        let temporary = path + ".tmp"
        unlink(temporary)
        try create(atPath: temporary, contents: contents)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw PrivateFileError("cannot replace \(path) (errno \(code))")
        }
    }

    /// A new private file with a unique name in `folder` (for secrets handed to a child process).
    static func create(in folder: URL, contents: String) throws -> URL {
        let file = folder.appendingPathComponent("dikata-\(UUID().uuidString).conf")
        do { try create(atPath: file.path, contents: contents) } catch {
            throw HTTPFailure("cannot write a private file in \(folder.path): \(error)")
        }
        return file
    }
}

/// Why a private file could not be written.
public struct PrivateFileError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
