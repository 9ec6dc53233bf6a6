import DIKataCore
import Foundation

/// Talks to a workshop host over HTTP. Every failure is a `WorkshopError` that says what to do.
/// The HTTP exchange itself is injected (`send`): live, one `PlainHTTPClient` and its kept
/// connection serve every call of a process; in tests, a scripted host answers.
public struct WorkshopClient: Sendable {
    /// Sends a request and returns the reply.
    public typealias Send = @Sendable (HTTPExchange.Request) async throws -> HTTPExchange.Reply

    public var baseURL: URL
    public var token: String?
    public var timeout: Double
    public var send: Send

    public init(baseURL: URL, token: String? = nil, timeout: Double = 5, send: @escaping Send) {
        self.baseURL = baseURL
        self.token = token
        self.timeout = timeout
        self.send = send
    }

    /// A client with a connection of its own (for one-off calls and tests).
    public init(baseURL: URL, token: String? = nil, timeout: Double = 5) {
        self.init(
            baseURL: baseURL, token: token, timeout: timeout, send: Self.plainHTTP(PlainHTTPClient(timeout: timeout)))
    }

    /// The host URL in `text` (surrounding spaces ignored): an http(s) URL with a host, or nil.
    public static func hostURL(_ text: String) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
            url.scheme == "http" || url.scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// The live `send`: plain HTTP/1.1 with a kept connection.
    public static func plainHTTP(_ client: PlainHTTPClient) -> Send {
        { request in try await client.send(request) }
    }

    /// The live `send` for every host: plain HTTP/1.1 for http://, curl for https:// (see
    /// `CurlHTTPClient`). A pinned host must be reached over https://.
    public static func live(plain: PlainHTTPClient, curl: CurlHTTPClient) -> Send {
        { request in
            if request.url.scheme == "https" { return try await curl.send(request) }
            guard request.pin == nil else {
                throw WorkshopError.unreachable(
                    "the link has a #pin for a TLS host, but its URL starts with http://; use the https:// link")
            }
            return try await plain.send(request)
        }
    }

    public func join(code: String, name: String) async throws(WorkshopError) -> JoinResponse {
        try await send("POST", "api/join", body: JoinRequest(code: code, name: name))
    }

    public func submit(_ result: ResultSubmission) async throws(WorkshopError) -> ResultReceipt {
        try await send("POST", "api/results", body: result)
    }

    /// The room, its texts made inert for a terminal (the message is shown on the learner's screen).
    public func room() async throws(WorkshopError) -> RoomState {
        (try await send("GET", "api/room") as RoomState).inert()
    }

    /// The dashboard, every participant-chosen text made inert: it is printed to a terminal.
    public func dashboard() async throws(WorkshopError) -> Dashboard {
        (try await send("GET", "api/dashboard") as Dashboard).inert()
    }

    public func unlock(_ kata: String) async throws(WorkshopError) -> RoomState {
        try await send("POST", "api/control/unlock", body: UnlockRequest(kata: kata))
    }

    public func broadcast(_ text: String) async throws(WorkshopError) -> RoomState {
        try await send("POST", "api/control/message", body: MessageRequest(text: text))
    }

    public func countdown(seconds: Int) async throws(WorkshopError) -> RoomState {
        try await send("POST", "api/control/countdown", body: CountdownRequest(seconds: seconds))
    }

    public func export(csv: Bool) async throws(WorkshopError) -> String {
        let data = try await raw("GET", csv ? "api/export.csv" : "api/export.json", body: nil)
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Transport

    func send<Response: Decodable>(_ method: String, _ path: String) async throws(WorkshopError) -> Response {
        try decode(try await raw(method, path, body: nil))
    }

    func send<Response: Decodable>(_ method: String, _ path: String, body: some Encodable)
        async throws(WorkshopError) -> Response
    {
        let data: Data
        do { data = try WorkshopWire.encoder.encode(body) } catch {
            throw .invalidResponse("could not encode the request: \(error)")
        }
        return try decode(try await raw(method, path, body: data))
    }

    private func decode<Response: Decodable>(_ data: Data) throws(WorkshopError) -> Response {
        do { return try WorkshopWire.decoder.decode(Response.self, from: data) } catch {
            throw .invalidResponse("the host's answer could not be read (\(error))")
        }
    }

    private func raw(_ method: String, _ path: String, body: Data?) async throws(WorkshopError) -> Data {
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let request = HTTPExchange.Request(
            method: method, url: PinnedKey.withoutFragment(baseURL).appendingPathComponent(path), headers: headers,
            body: body, pin: PinnedKey.pin(in: baseURL))
        let reply: HTTPExchange.Reply
        do {
            reply = try await send(request)
        } catch let error as WorkshopError {
            throw error
        } catch {
            throw .unreachable("\(baseURL.absoluteString) did not answer (\(error))")
        }
        guard (200..<300).contains(reply.status) else {
            let message =
                (try? WorkshopWire.decoder.decode(ErrorBody.self, from: reply.body))?.error ?? "status \(reply.status)"
            throw .rejected(status: reply.status, message: message)
        }
        return reply.body
    }
}

public enum WorkshopError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host could not be reached (try again later; results stay queued).
    case unreachable(String)
    /// The host said no (4xx/5xx) with its reason.
    case rejected(status: Int, message: String)
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .unreachable(let detail): "The workshop host is unreachable: \(detail)."
        case .rejected(let status, let message): "The workshop host refused (\(status)): \(message)."
        case .invalidResponse(let detail): "The workshop host answered oddly: \(detail)."
        }
    }

    /// Whether the host no longer accepts the participant's token (removed, or a new room):
    /// joining again fixes it, so queued results are kept for then.
    public var needsMembership: Bool {
        if case .rejected(let status, _) = self { return status == 401 || status == 403 }
        return false
    }

    /// Whether retrying later may succeed (the queue keeps the result then).
    public var isTransient: Bool {
        switch self {
        case .unreachable: true
        case .rejected(let status, _): status == 429 || status >= 500
        case .invalidResponse: false
        }
    }
}
