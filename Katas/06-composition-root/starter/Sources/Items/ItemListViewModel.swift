/// The list screen: the user's items, or why they are missing.
public final class ItemListViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded([Item])
        case failed(ItemsError)
    }

    public private(set) var state: State = .idle

    private let loader: any ItemsLoader

    /// Only stores the loader: nothing is loaded until `reload()` is called.
    public init(loader: any ItemsLoader) {
        self.loader = loader
    }

    /// Loads the list again and shows the outcome.
    public func reload() async {
        state = .loading
        let result = await withCheckedContinuation { continuation in
            loader.loadItems { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let items):
            state = .loaded(items)
        case .failure(let error):
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
        case .failed(.offline): ["Your shelf", "You are offline. Pull to try again."]
        case .failed(.serverProblem): ["Your shelf", "Something went wrong on our side."]
        }
    }
}
