import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP connection to a loopback port, from a chosen loopback source address (Linux
/// answers on all of 127.0.0.0/8, so one test can be several "machines"). For what an HTTP
/// client library would hide: idle connections, half-sent heads, and reading what comes back.
public final class RawSocket {
    public let fd: Int32

    /// Connects to `127.0.0.1:port` from `source`.
    public init(port: Int, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var local = Self.address(source, port: 0)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(fd) }

    public func send(_ text: String) {
        _ = text.withCString { Foundation.send(fd, $0, strlen($0), Self.sendFlags) }
    }

    /// What arrives within `timeout` seconds, until the peer closes (or the time is up).
    /// Waits by sleeping, never by blocking a thread: the host under test may share the pool.
    public func read(timeout: Double) async -> (text: String, closed: Bool) {
        var bytes: [UInt8] = []
        let closed = await receive(timeout: timeout) { chunk in
            bytes += chunk
            return false
        }
        return (String(decoding: bytes, as: UTF8.self), closed)
    }

    /// Reads until `needle` has arrived (or `timeout` seconds pass, or the peer closes);
    /// returns everything read.
    public func read(until needle: String, timeout: Double) async -> String {
        await read(timeout: timeout) { $0.contains(needle) }
    }

    /// Reads until what has arrived satisfies `done` (or `timeout` seconds pass, or the peer
    /// closes); returns everything read.
    public func read(timeout: Double, until done: (String) -> Bool) async -> String {
        var bytes: [UInt8] = []
        _ = await receive(timeout: timeout) { chunk in
            bytes += chunk
            return done(String(decoding: bytes, as: UTF8.self))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Hands each chunk to `enough` until it says so; true when the peer closed.
    /// What has arrived is always read before the clock is looked at, so a task that got its
    /// thread back only after the deadline still sees it (see `poll(seconds:every:isolation:_:)`);
    /// past the deadline, at most a megabyte more.
    private func receive(timeout: Double, _ enough: ([UInt8]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var lateChunks = 0
        while true {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 0) > 0 else {
                guard Date() < deadline else { return false }
                try? await Task.sleep(for: .milliseconds(5))
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return true }
            if enough(Array(chunk[0..<count])) { return false }
            if Date() >= deadline {
                lateChunks += 1
                if lateChunks > 256 { return false }
            }
        }
    }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr.s_addr = inet_addr(text)
        return address
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #endif
}
