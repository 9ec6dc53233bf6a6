import APIClient
import Foundation
import KataSupport

/// The app scope, also keeping an eye on who is signed in "so anything can find them".
@MainActor
final class AppScope {
    let client: ServerAPIClient
    let analytics: any AnalyticsSink
    /// Set by the root at sign-in and cleared at sign-out.
    var signedIn: UserScope?

    init(transport: any Transport, analytics: any AnalyticsSink) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
        self.analytics = analytics
    }
}
