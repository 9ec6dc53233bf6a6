import APIClient
import Foundation
import KataSupport

/// The parts that live for the whole run, as a value: copying it copies references to the
/// same client and sink.
struct AppScope: Sendable {
    let client: ServerAPIClient
    let analytics: any AnalyticsSink

    init(transport: any Transport, analytics: any AnalyticsSink) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.analytics = analytics
    }
}
