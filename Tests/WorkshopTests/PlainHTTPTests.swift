import Foundation
import Testing

@testable import Workshop

#if canImport(Glibc)
    import Glibc
#endif

/// The workshop's small HTTP/1.1 client: response framing, checked over a socket pair.
struct PlainHTTPTests {
    func reply(to raw: String) throws -> (HTTPExchange.Reply, Bool) {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer {
            close(pair[0])
            close(pair[1])
        }
        _ = raw.withCString { send(pair[1], $0, strlen($0), 0) }
        shutdown(pair[1], Int32(SHUT_WR))
        return try PlainHTTPClient.read(from: pair[0])
    }

    @Test func readsAContentLengthBody() throws {
        let (reply, keepAlive) = try reply(
            to: "HTTP/1.1 201 Created\r\nContent-Length: 11\r\nContent-Type: application/json\r\n\r\n{\"ok\":true}")
        #expect(reply == HTTPExchange.Reply(status: 201, body: Data("{\"ok\":true}".utf8)))
        #expect(keepAlive)
    }

    @Test func readsAChunkedBodyAndConnectionClose() throws {
        let (reply, keepAlive) = try reply(
            to:
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
        )
        #expect(String(decoding: reply.body, as: UTF8.self) == "hello world")
        #expect(!keepAlive)
    }

    @Test func aTruncatedAnswerIsAnError() {
        #expect(throws: (any Error).self) { try reply(to: "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nshort") }
        #expect(throws: (any Error).self) { try reply(to: "SSH-2.0-OpenSSH\r\n") }
    }

    @Test func serialisesTheRequestWithHostAndLength() {
        let request = HTTPExchange.Request(
            method: "POST", url: URL(string: "http://127.0.0.1:8750/api/results")!,
            headers: ["Authorization": "Bearer t"],
            body: Data("{}".utf8))
        let text = String(decoding: PlainHTTPClient.serialise(request, host: "127.0.0.1", port: 8750), as: UTF8.self)
        #expect(
            text
                == "POST /api/results HTTP/1.1\r\nHost: 127.0.0.1:8750\r\nConnection: keep-alive\r\nAuthorization: Bearer t\r\nContent-Length: 2\r\n\r\n{}"
        )
    }

    @Test func onlyPlainHTTPIsSpoken() async {
        let client = PlainHTTPClient(timeout: 1)
        await #expect(throws: (any Error).self) {
            try await client.send(HTTPExchange.Request(method: "GET", url: URL(string: "https://example.org/")!))
        }
    }
}
