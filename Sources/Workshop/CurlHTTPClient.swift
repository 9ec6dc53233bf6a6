import Foundation

/// HTTPS for the workshop client, through the system `curl` (see `CurlRunner` for why).
///
/// A host serving its own self-signed certificate is trusted by the SHA-256 pin of its public
/// key, given in the join link (`#pin=sha256//…`): curl refuses any other key, whoever signed
/// it. Without a pin, the certificate must be one the system trusts (a host behind a TLS
/// reverse proxy with a real certificate; curl also reads `CURL_CA_BUNDLE`).
///
/// Secrets never appear in curl's command line, which other users of the machine can read:
/// the URL, the headers and the body travel in a config file readable by the user alone,
/// removed as soon as curl has read it.
public struct CurlHTTPClient: Sendable {
    public var runner: CurlRunner
    public var timeout: Double
    /// Where the short-lived config files are written.
    public var scratch: URL

    public init(runner: CurlRunner, timeout: Double = 5, scratch: URL = FileManager.default.temporaryDirectory) {
        self.runner = runner
        self.timeout = timeout
        self.scratch = scratch
    }

    public func send(_ request: HTTPExchange.Request) async throws -> HTTPExchange.Reply {
        guard request.url.scheme == "https", let host = request.url.host else {
            throw HTTPFailure("curl is used for https:// URLs only")
        }
        let pin = try request.pin.map(PinnedKey.normalised)
        let file = try PrivateFile.create(in: scratch, contents: config(for: request, pin: pin))
        let outcome = await runner.run(["--disable", "--config", file.path])
        try? FileManager.default.removeItem(at: file)
        switch outcome {
        case .unavailable(let reason):
            throw WorkshopError.unreachable("\(CurlRunner.missingAdvice) (\(reason))")
        case .exited(0, let stdout, _):
            return try Self.reply(from: stdout)
        case .exited(90, _, _):
            let seen = await seenPin(host: host, port: request.url.port ?? 443, expected: pin ?? "")
            throw WorkshopError.unreachable(PinnedKey.mismatch(host: host, expected: pin ?? "", seen: seen))
        case .exited(60, _, let stderr), .exited(51, _, let stderr):
            throw WorkshopError.unreachable(
                "the certificate of \(host) is not trusted (\(Self.firstLine(stderr))). For a host serving its own "
                    + "certificate, use the join link dikata-host printed, with its #pin=sha256//…; behind a proxy, "
                    + "the proxy needs a certificate this machine trusts (or set CURL_CA_BUNDLE)")
        case .exited(let status, _, let stderr):
            throw HTTPFailure(Self.failure(status: status, stderr: stderr, host: host))
        }
    }

    /// curl's config: one option per line, every value quoted (so nothing in it is read as an option).
    func config(for request: HTTPExchange.Request, pin: String?) -> String {
        var lines = [
            "silent", "show-error", "url = \(Self.quoted(request.url.absoluteString))",
            "request = \(Self.quoted(request.method))", "connect-timeout = \(timeout)",
            "max-time = \(timeout * 2)", "write-out = \(Self.quoted("\n%{http_code}"))",
            "proto = \(Self.quoted("=https"))",
        ]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("header = \(Self.quoted("\(name): \(value)"))")
        }
        if let body = request.body { lines.append("data-raw = \(Self.quoted(String(decoding: body, as: UTF8.self)))") }
        if let pin {
            // The pin is the trust: curl checks it whatever signed the certificate, so the CA
            // check (which a self-signed certificate cannot pass) is off.
            lines += ["pinnedpubkey = \(Self.quoted(pin))", "insecure"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value in double quotes, escaped as curl's config reader unescapes it.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for character in value {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default: text.append(character)
            }
        }
        return text + "\""
    }

    /// The body and the status curl appended after a last newline.
    static func reply(from stdout: String) throws -> HTTPExchange.Reply {
        guard let newline = stdout.lastIndex(of: "\n"), let status = Int(stdout[stdout.index(after: newline)...]),
            status > 0
        else { throw HTTPFailure("curl gave no HTTP status") }
        return HTTPExchange.Reply(status: status, body: Data(stdout[..<newline].utf8))
    }

    /// The pin of the key `host` presents: curl prints it while checking a pin, in verbose mode.
    /// Nothing secret is sent (no headers, no body, the host's root path).
    func seenPin(host: String, port: Int, expected: String) async -> String? {
        let url = "https://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        let probe = await runner.run([
            "--disable", "--silent", "--verbose", "--insecure", "--pinnedpubkey", expected, "--max-time",
            "\(timeout)", "--output", "/dev/null", url,
        ])
        guard case .exited(_, _, let stderr) = probe,
            let match = stderr.firstMatch(of: /public key hash: (sha256\/\/[A-Za-z0-9+\/=]+)/)
        else { return nil }
        return String(match.output.1)
    }

    static func failure(status: Int32, stderr: String, host: String) -> String {
        let detail = firstLine(stderr)
        switch status {
        case 6: return "cannot resolve \(host)"
        case 7: return "\(host) refused the connection or did not answer"
        case 28: return "\(host) did not answer in time"
        case 35: return "the TLS handshake with \(host) failed (\(detail)); does the host serve https:// on that port?"
        default: return "curl failed (exit \(status)): \(detail)"
        }
    }

    static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "no detail"
    }
}
