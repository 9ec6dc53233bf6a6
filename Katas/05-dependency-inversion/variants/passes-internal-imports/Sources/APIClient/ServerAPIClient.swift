public import Foundation
public import KataSupport

/// Talks to the Shelf server. The app adds endpoints in extensions and sends them through
/// `execute`. Its public API shows `URL` and `Transport`, so both modules are imported publicly.
///
/// Nothing can subclass it, and it only holds immutable `Sendable` values, so the compiler
/// checks its `Sendable` conformance.
public final class ServerAPIClient: Sendable {
    /// The production client.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    public let baseURL: URL
    public let transport: any Transport

    public init(baseURL: URL, transport: any Transport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Sends `request` to this client's server. The caller's position is passed on to the
    /// transport, so a test can tell which line reached the network.
    public func execute(
        _ request: HTTPRequest,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        var request = request
        request.headers["Host"] = baseURL.host ?? ""
        transport.send(request, from: CallSite(fileID: file, line: line, function: function), completion: completion)
    }
}
