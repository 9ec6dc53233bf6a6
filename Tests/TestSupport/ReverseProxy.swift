import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real TLS reverse proxy (stunnel4) on a free loopback port, in front of a plain-HTTP host:
/// what a facilitator puts in front of `dikata-host` with a certificate the room trusts.
public final class ReverseProxy: Sendable {
    public let port: Int
    private let process: BackgroundProcess

    /// Starts stunnel, serving `certificate`/`key` and forwarding to 127.0.0.1:`target`;
    /// returns once it accepts connections.
    public init(target: Int, certificate: String, key: String, folder: URL) async throws {
        guard
            let stunnel = ["/usr/bin/stunnel4", "/usr/bin/stunnel", "/usr/local/bin/stunnel"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw ProxyFailure("stunnel is missing: apt-get install stunnel4 (.ci/run installs it)") }
        port = try Self.freePort()
        let config = folder.appendingPathComponent("stunnel.conf")
        try """
        foreground = yes
        pid =
        [workshop]
        accept = 127.0.0.1:\(port)
        connect = 127.0.0.1:\(target)
        cert = \(certificate)
        key = \(key)

        """.write(to: config, atomically: true, encoding: .utf8)
        process = try BackgroundProcess([stunnel, config.path], output: folder.appendingPathComponent("stunnel.log"))
        for _ in 0..<200 {
            if Self.accepts(port) { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw ProxyFailure("stunnel did not start: \(process.output)")
    }

    public func stop() { process.stop() }

    /// A port nothing listens on now (the kernel's pick, released at once).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard named else { throw ProxyFailure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

public struct ProxyFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
