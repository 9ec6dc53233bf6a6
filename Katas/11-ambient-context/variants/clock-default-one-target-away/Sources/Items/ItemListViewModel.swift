import Foundation
import ShelfTime

/// The list of books on the signed-in user's shelf, and how long ago it was loaded.
///
/// It takes what it needs in its initializer, the clock included: it never reaches for the time
/// itself, so a test decides what time it is.
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
    private let now: @Sendable () -> Date
    /// When the books on screen arrived.
    private var loadedAt: Date?

    /// Only stores the loader: nothing is loaded until `reload()` is called.
    public init(loader: any ItemsLoader, now: @escaping @Sendable () -> Date = ShelfTime.now) {
        self.loader = loader
        self.now = now
    }

    /// Asks the loader for the user's books.
    public func reload() async {
        state = .loading
        do {
            let items = try await loader.loadItems()
            state = .loaded(items)
            loadedAt = now()
        } catch {
            state = .failed(error)
        }
    }

    /// The screen as text.
    public var lines: [String] {
        switch state {
        case .idle: ["Your shelf"]
        case .loading: ["Your shelf", "Loading…"]
        case .loaded(let items) where items.isEmpty: ["Your shelf", "Nothing here yet.", updated]
        case .loaded(let items): ["Your shelf"] + items.map { "• \($0.title), \($0.author)" } + [updated]
        case .failed(.offline): ["Your shelf", "Could not reach the server."]
        case .failed(.serverProblem): ["Your shelf", "Something went wrong on our side."]
        }
    }

    /// How long ago the books were loaded, counted when the screen is drawn.
    private var updated: String {
        let current = now()
        let minutes = Int(current.timeIntervalSince(loadedAt ?? current) / 60)
        switch minutes {
        case ..<1: return "Updated just now"
        case 1: return "Updated 1 minute ago"
        default: return "Updated \(minutes) minutes ago"
        }
    }
}
