import APIClient
import Foundation

extension ServerAPIClient {
    /// The client behind `swift run App --demo`: a pretend server, no network.
    static func demo() -> ServerAPIClient {
        ServerAPIClient(baseURL: URL(string: "https://demo.shelf.example")!, transport: DemoTransport())
    }
}
