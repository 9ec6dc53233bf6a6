#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX socket calls the workshop client makes, written once so that nothing names
/// a platform module: the same code builds against Glibc and Darwin.
enum TCPSocket {
    /// A connected TCP socket to `host:port`, with send and receive timeouts and Nagle off.
    static func open(host: String, port: Int, timeout: Double) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else {
            throw HTTPFailure("cannot resolve \(host)")
        }
        defer { freeaddrinfo(results) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 {
                configure(fd, timeout: timeout)
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            candidate = info.pointee.ai_next
        }
        throw HTTPFailure("\(host):\(port) refused the connection or did not answer")
    }

    /// Sends every byte; a peer that has gone away is an error, never a SIGPIPE.
    static func sendAll(_ bytes: [UInt8], to fd: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, sendFlags) }
            if count <= 0 { throw HTTPFailure("the connection closed while sending", retryable: sent == 0) }
            sent += count
        }
    }

    /// Up to `capacity` bytes as they arrive; empty when the peer closed or the timeout passed.
    static func receive(from fd: Int32, capacity: Int = 16_384) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: capacity)
        let count = recv(fd, &chunk, chunk.count, 0)
        return count > 0 ? Array(chunk[0..<count]) : []
    }

    static func release(_ fd: Int32) {
        close(fd)
    }

    private static func configure(_ fd: Int32, timeout: Double) {
        var interval = timeval()
        interval.tv_sec = .init(timeout)
        interval.tv_usec = .init((timeout - Double(Int(timeout))) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #endif
}
