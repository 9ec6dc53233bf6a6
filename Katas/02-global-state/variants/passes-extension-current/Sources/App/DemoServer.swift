import APIClient
import Foundation

/// The pretend server behind `swift run App --demo`.
enum DemoServer {
    /// A client that talks to `DemoTransport` instead of the network.
    static func client() -> ServerAPIClient {
        ServerAPIClient(baseURL: URL(string: "https://demo.shelf.example")!, transport: DemoTransport())
    }
}
