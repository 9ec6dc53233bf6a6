import APIClient
import Foundation
@_spi(Checks) import KataSupport

// Must be rejected: no code anywhere may replace the production client for the whole process.
func negativeReplaceShared() {
    ServerAPIClient.shared = ServerAPIClient(
        baseURL: URL(string: "https://elsewhere.example")!, transport: TripwireTransport())
}
