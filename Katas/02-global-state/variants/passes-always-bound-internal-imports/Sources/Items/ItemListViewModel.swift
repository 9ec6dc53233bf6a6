// `init(session:)` and `State.loaded` use APIClient's models, so this import is public.
public import APIClient

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

    /// Asks the server for the user's items.
    public func reload() async {
        // Asked on every call, never kept: an override bound around this call applies to it.
        let client = ServerAPIClient.current
        do {
            let items = try await client.fetchItems(
                token: session.token, installationID: InstallationID.shared.value)
            state = .loaded(items)
        } catch {
            state = .failed("Could not load your shelf (\(error)).")
        }
    }
}
