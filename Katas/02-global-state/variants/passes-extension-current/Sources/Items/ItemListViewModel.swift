import APIClient

/// The list of items on the signed-in user's shelf.
public final class ItemListViewModel {
    public enum State: Equatable, Sendable {
        case empty
        case loaded([Item])
        case failed(String)
    }

    public private(set) var state: State = .empty

    private let session: Session

    public init(session: Session) {
        self.session = session
    }

    /// The client for the request being sent now. It is computed, not stored, so every call
    /// sees whatever override is bound around it at that moment.
    private var client: ServerAPIClient { ServerAPIClient.current }

    /// Asks the server for the user's items.
    public func reload() async {
        do {
            let items = try await client.fetchItems(
                token: session.token, installationID: InstallationID.shared.value)
            state = .loaded(items)
        } catch {
            state = .failed("Could not load your shelf (\(error)).")
        }
    }
}
