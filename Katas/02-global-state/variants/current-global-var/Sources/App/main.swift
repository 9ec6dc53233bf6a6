import APIClient
import Foundation

// `swift run App --demo` shows Shelf with made-up data, for laptops without a server.
if CommandLine.arguments.contains("--demo") {
    let demo = ServerAPIClient(baseURL: URL(string: "https://demo.shelf.example")!, transport: DemoTransport())
    ServerAPIClient.current = demo
    await runShelf()
} else {
    await runShelf()
}
