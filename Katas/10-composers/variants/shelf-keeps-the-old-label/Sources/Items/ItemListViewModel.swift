/// The list of books on the signed-in user's shelf.
///
/// It takes what it needs in its initializer and keeps it: no client, no server, no default.
/// What happens when a book is picked is not this screen's business.
@MainActor
public final class ItemListViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded([Item])
        case failed(ItemsError)
    }

    public private(set) var state: State = .idle

    private let loader: any ItemsLoader
    private let onShowDetail: (Item) -> Void

    /// Only stores what it is given: nothing is loaded until `reload()` is called.
    public init(loader: any ItemsLoader, onShowDetail: @escaping (Item) -> Void) {
        self.loader = loader
        self.onShowDetail = onShowDetail
    }

    /// Asks the loader for the user's books.
    public func reload() async {
        state = .loading
        do {
            state = .loaded(try await loader.loadItems())
        } catch {
            state = .failed(error)
        }
    }

    /// The user picked `item`; whoever built the list decides what comes next.
    public func select(_ item: Item) {
        onShowDetail(item)
    }

    /// The screen as text.
    public var lines: [String] {
        switch state {
        case .idle: ["Your shelf"]
        case .loading: ["Your shelf", "Loading…"]
        case .loaded(let items) where items.isEmpty: ["Your shelf", "Nothing here yet."]
        case .loaded(let items): ["Your shelf"] + items.map { "• \($0.title), \($0.author)" }
        case .failed(.offline): ["Your shelf", "Could not reach the server."]
        case .failed(.serverProblem): ["Your shelf", "Something went wrong on our side."]
        }
    }
}
