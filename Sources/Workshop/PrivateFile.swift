import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file readable by its owner alone from the moment it exists (open with O_EXCL and 0600,
/// never a looser mode changed later), for secrets handed to a child process.
enum PrivateFile {
    static func create(in folder: URL, contents: String) throws -> URL {
        let file = folder.appendingPathComponent("dikata-\(UUID().uuidString).conf")
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw HTTPFailure("cannot write a private file in \(folder.path)") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: Data(contents.utf8))
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw HTTPFailure("cannot write a private file in \(folder.path): \(error)")
        }
        return file
    }
}
