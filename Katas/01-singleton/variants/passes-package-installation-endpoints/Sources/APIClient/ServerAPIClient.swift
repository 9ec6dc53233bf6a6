public import Foundation
public import KataSupport

/// Shelf's connection to its server.
///
/// A "Swift singleton": `shared` is the ready-made production client, and the public
/// initializer lets tests and the staging build make clients of their own.
///
/// The endpoints live in `ServerAPIClient+Endpoints.swift`, the request plumbing in
/// `Connection.swift`, and the shortcuts Shelf's own screens use in
/// `ServerAPIClient+Installation.swift`.
public final class ServerAPIClient: Sendable {
    /// The production client. In this course its transport never leaves the machine: it
    /// reports where it was called from and fails.
    public static let shared = ServerAPIClient(baseURL: productionURL, transport: TripwireTransport())

    /// Where the production server lives.
    static let productionURL = URL(string: "https://api.shelf.example")!

    /// The server this client talks to, and how requests get there.
    let connection: Connection

    /// A client for the server at `baseURL` that sends every request through `transport`.
    public init(baseURL: URL, transport: any Transport) {
        connection = Connection(baseURL: baseURL, transport: transport)
    }
}
