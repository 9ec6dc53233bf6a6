/// The list screen: the user's items, or why they are missing.
public final class ItemListViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded([Item])
        case failed(ItemsError)
    }

    public private(set) var state: State = .idle

    /// Where the items come from. The app decides; this screen only knows the role.
    private let loader: any ItemsLoader

    public init(loader: any ItemsLoader) {
        self.loader = loader
    }

    /// Loads the list again and shows the outcome.
    public func reload() async {
        state = .loading
        do throws(ItemsError) {
            state = .loaded(try await loader.items())
        } catch {
            state = .failed(error)
        }
    }

    /// The screen as text.
    public var lines: [String] {
        switch state {
        case .idle: []
        case .loading: ["Loading…"]
        case .loaded(let items) where items.isEmpty: ["Your shelf is empty."]
        case .loaded(let items): items.map { "• \($0.title)" }
        case .failed(.offline): ["You are offline. Pull to try again."]
        case .failed(.serverProblem): ["Something went wrong on our side."]
        }
    }
}
