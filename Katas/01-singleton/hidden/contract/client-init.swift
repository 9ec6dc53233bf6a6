import APIClient
import Foundation
@_spi(Checks) import KataSupport

// Never called: it only has to compile.
func contractClientInit() -> [ServerAPIClient] {
    let staging = ServerAPIClient(baseURL: URL(string: "https://staging.shelf.example")!, transport: RecordingTransport())
    let production: ServerAPIClient = ServerAPIClient.shared
    return [staging, production]
}
