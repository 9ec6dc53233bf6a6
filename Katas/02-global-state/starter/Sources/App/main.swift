import APIClient
import Foundation

// `swift run App --demo` shows Shelf with made-up data, for laptops without a server.
if CommandLine.arguments.contains("--demo") {
    ServerAPIClient.shared = ServerAPIClient(
        baseURL: URL(string: "https://demo.shelf.example")!, transport: DemoTransport())
}
await runShelf()
