import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file readable by its owner alone from the moment it exists (opened with O_EXCL and mode
/// 0600, never a looser mode tightened later).
enum PrivateKeyFile {
    static func write(_ text: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw HostTLSError("cannot create \(path) (errno \(errno))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }
}
