import APIClient

/// What lives as long as the app (the singleton lifestyle, chosen here rather than by the
/// types): one per launch, shared by every user who signs in.
///
/// It knows nothing about who is signed in. User scopes use it; it never uses them.
final class AppScope: Sendable {
    let client: ServerAPIClient
    let analytics: any AnalyticsSink

    init(client: ServerAPIClient, analytics: any AnalyticsSink) {
        self.client = client
        self.analytics = analytics
    }
}
