import APIClient
import Foundation
import KataSupport

/// What lives as long as the app (the singleton lifestyle, chosen here rather than by the
/// types): one per launch, shared by every user who signs in.
///
/// It knows nothing about who is signed in. User scopes use it; it never uses them.
final class AppScope: Sendable {
    let client: ServerAPIClient
    let analytics: any AnalyticsSink

    init(transport: any Transport, analytics: any AnalyticsSink) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.analytics = analytics
    }
}
