public import Foundation
public import KataSupport

/// A shared default (production) beside a public initializer for every other server.
public final class ServerAPIClient: Sendable {
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    let stamp: RequestStamp
    let transport: any Transport

    public init(baseURL: URL, transport: any Transport) {
        stamp = RequestStamp(host: baseURL.host ?? "")
        self.transport = transport
    }
}
