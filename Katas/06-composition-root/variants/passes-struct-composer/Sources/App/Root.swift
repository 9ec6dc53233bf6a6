import APIClient
import Foundation
import Items
import KataSupport
import Login

/// Shelf's composition root, as a value: it makes the client and the adapters, and the flow
/// builds the screens from them. `start` keeps the flow, so it is `mutating`.
@MainActor
struct AppComposer {
    private let client: ServerAPIClient
    private var flow: AppFlow?

    init(transport: any Transport = TripwireTransport()) {
        client = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport)
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        let client = client
        return AppFlow(
            navigator: navigator,
            authenticate: client.authenticate,
            shelfLoader: { token in FetchingItemsLoader(fetch: { () async throws(APIError) in try await client.getItems(token: token) }) })
    }

    mutating func start(navigator: any Navigator) {
        let flow = makeFlow(navigator: navigator)
        self.flow = flow
        flow.start()
    }

    /// Untestable on purpose: only the launcher makes a token.
    mutating func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }
}
