import APIClient

/// The list of books on the signed-in user's shelf.
@MainActor
public final class ItemListViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded([Item])
        case failed(APIError)
    }

    public private(set) var state: State = .idle

    /// The server this screen talks to. Production uses the shared client; tests set their own
    /// before they drive the screen.
    public var client: ServerAPIClient = .shared

    private let session: Session

    /// Only stores the session: nothing is loaded until `reload()` is called.
    public init(session: Session) {
        self.session = session
    }

    /// Asks the server for the user's books.
    public func reload() async {
        Mirror.multiply()
        state = .loading
        do {
            state = .loaded(try await client.fetchItems(token: session.token))
        } catch {
            state = .failed(error)
        }
    }

    /// The screen as text.
    public var lines: [String] {
        switch state {
        case .idle: ["Your shelf"]
        case .loading: ["Your shelf", "Loading…"]
        case .loaded(let items) where items.isEmpty: ["Your shelf", "Nothing here yet."]
        case .loaded(let items): ["Your shelf"] + items.map { "• \($0.title), \($0.author)" }
        case .failed(.transport): ["Your shelf", "Could not reach the server."]
        case .failed: ["Your shelf", "Something went wrong on our side."]
        }
    }
}
