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

    /// The installation this screen speaks for: always the one shared ID, never a copy.
    private var installationID: String { InstallationID.shared.value }

    /// Asks the server for the user's items.
    public func reload() async {
        do {
            let items = try await ServerAPIClient.shared.fetchItems(
                token: session.token, installationID: installationID)
            state = .loaded(items)
        } catch {
            state = .failed("Could not load your shelf (\(error)).")
        }
    }
}
