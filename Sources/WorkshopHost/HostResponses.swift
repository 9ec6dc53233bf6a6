import DIKataCore
import Foundation
import Hummingbird

/// How the host answers: JSON bodies, `{"error": …}` on every 4xx, and security headers on
/// every response.
enum HostResponses {
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int) async throws -> T {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw error(.contentTooLarge, "the request body is larger than \(limit) bytes")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw Self.error(.contentTooLarge, "the request body is larger than \(limit) bytes")
        }
        do {
            return try WorkshopWire.decoder.decode(T.self, from: Data(buffer.readableBytesView))
        } catch let DecodingError.keyNotFound(key, _) {
            throw Self.error(.badRequest, "missing field \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw Self.error(
                .badRequest, "wrong type for \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch {
            throw Self.error(.badRequest, "the body is not valid JSON for this request")
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        json(data: try WorkshopWire.encoder.encode(value), status: status)
    }

    static func json(data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func text(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) -> HostError {
        HostError(status: status, message: message, retryAfter: retryAfter)
    }

    /// Headers on every answer: no caching of secrets or results, no sniffing, no framing,
    /// and a page that runs only its own script and talks only to its own host.
    static func addSecurityHeaders(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.cacheControl] = "no-store"
        for (name, value) in [("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer")] {
            if let name = HTTPFields.Element.Name(name) { headers[name] = value }
        }
    }
}

/// Adds the security headers to every response, errors included.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        HostResponses.addSecurityHeaders(to: &response.headers)
        return response
    }
}

/// A 4xx or 5xx answer with a JSON body `{"error": …}` (and `Retry-After` when the client should wait).
struct HostError: HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String
    var retryAfter: Int?

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = HostResponses.json(
            data: try WorkshopWire.encoder.encode(ErrorBody(error: message)), status: status)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}
