import Foundation
import Synchronization

/// One HTTP exchange, as the workshop client needs it.
public struct HTTPExchange: Sendable {
    public struct Request: Sendable, Equatable {
        public var method: String
        public var url: URL
        public var headers: [String: String]
        public var body: Data?
        /// The pin of the host's public key (`sha256//…`), for https:// (see `PinnedKey`).
        public var pin: String?

        public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, pin: String? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.pin = pin
        }
    }

    public struct Reply: Sendable, Equatable {
        public var status: Int
        public var body: Data

        public init(status: Int, body: Data) {
            self.status = status
            self.body = body
        }
    }
}

/// A small HTTP/1.1 client over a TCP socket, for a workshop host serving plain HTTP (on
/// loopback, or with `--no-tls`; HTTPS goes through `CurlHTTPClient`). It keeps one connection
/// open between calls, like a browser.
///
/// Why not URLSession: on Linux it lives in FoundationNetworking, which loads libcurl and
/// about twenty libraries into every `dikata` process — 7 MiB more memory for every learner,
/// including the many who never join a workshop. The host needs none of curl's features.
public final class PlainHTTPClient: Sendable {
    private let connection = Mutex<Int32?>(nil)
    private let timeout: Double

    public init(timeout: Double = 5) { self.timeout = timeout }

    deinit {
        connection.withLock { fd in if let fd { TCPSocket.release(fd) } }
    }

    public func send(_ request: HTTPExchange.Request) async throws -> HTTPExchange.Reply {
        let timeout = self.timeout
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try self.exchange(request, timeout: timeout) })
            }
        }
    }

    // MARK: - Blocking work (on its own thread)

    private func exchange(_ request: HTTPExchange.Request, timeout: Double) throws -> HTTPExchange.Reply {
        try connection.withLock { fd in
            guard request.url.scheme == "http", let host = request.url.host else {
                throw HTTPFailure("this client speaks http:// only (https:// goes through curl: CurlHTTPClient)")
            }
            let port = request.url.port ?? 80
            let bytes = Self.serialise(request, host: host, port: port)
            // A kept connection may have been closed by the host: then retry once on a new one.
            for attempt in 0..<2 {
                if fd == nil { fd = try TCPSocket.open(host: host, port: port, timeout: timeout) }
                guard let socket = fd else { continue }
                do {
                    try TCPSocket.sendAll(bytes, to: socket)
                    let (reply, keepAlive) = try Self.read(from: socket)
                    if !keepAlive {
                        TCPSocket.release(socket)
                        fd = nil
                    }
                    return reply
                } catch let failure as HTTPFailure where failure.retryable && attempt == 0 {
                    TCPSocket.release(socket)
                    fd = nil
                } catch {
                    TCPSocket.release(socket)
                    fd = nil
                    throw error
                }
            }
            throw HTTPFailure("the connection to \(host):\(port) failed")
        }
    }

    static func serialise(_ request: HTTPExchange.Request, host: String, port: Int) -> [UInt8] {
        var path = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { path += "?" + query }
        var head = "\(request.method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: keep-alive\r\n"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(request.body?.count ?? 0)\r\n\r\n"
        return Array(head.utf8) + Array(request.body ?? Data())
    }

    /// Reads one response: status line, headers, then a Content-Length or chunked body.
    static func read(from fd: Int32) throws -> (HTTPExchange.Reply, keepAlive: Bool) {
        var buffer: [UInt8] = []
        func fill() throws {
            let chunk = TCPSocket.receive(from: fd)
            if chunk.isEmpty { throw HTTPFailure("the host closed the connection", retryable: buffer.isEmpty) }
            buffer += chunk
        }
        func line() throws -> String {
            while true {
                if let end = buffer.firstIndex(of: 10) {
                    let text = String(decoding: buffer[..<end], as: UTF8.self).trimmingCharacters(in: .newlines)
                    buffer.removeFirst(end + 1)
                    return text
                }
                try fill()
            }
        }
        func take(_ count: Int) throws -> [UInt8] {
            while buffer.count < count { try fill() }
            defer { buffer.removeFirst(count) }
            return Array(buffer[..<count])
        }
        let statusLine = try line()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw HTTPFailure("not an HTTP answer: \(statusLine.prefix(60))")
        }
        var headers: [String: String] = [:]
        while true {
            let header = try line()
            if header.isEmpty { break }
            let pair = header.split(separator: ":", maxSplits: 1)
            if pair.count == 2 { headers[pair[0].lowercased()] = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        var body: [UInt8] = []
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            while true {
                let size = Int(try line().split(separator: ";")[0], radix: 16) ?? 0
                if size == 0 {
                    _ = try line()
                    break
                }
                body += try take(size)
                _ = try line()
            }
        } else if let length = headers["content-length"].flatMap(Int.init) {
            body = try take(length)
        }
        let keepAlive = headers["connection"]?.lowercased() != "close"
        return (HTTPExchange.Reply(status: status, body: Data(body)), keepAlive)
    }
}

struct HTTPFailure: Error, CustomStringConvertible {
    var description: String
    var retryable: Bool

    init(_ description: String, retryable: Bool = false) {
        self.description = description
        self.retryable = retryable
    }
}
