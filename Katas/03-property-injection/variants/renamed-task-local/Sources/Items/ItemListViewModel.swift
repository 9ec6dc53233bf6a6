import APIClient

/// The list of things on the user's shelf.
public final class ItemListViewModel {
    public enum Status: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case failed(String)
    }

    public private(set) var items: [Item] = []
    public private(set) var status: Status = .idle
    /// A note above the list when a refresh failed and the old items are still shown.
    public private(set) var banner: String?

    /// The client this screen talks to. Production code keeps the default; a test sets its own.
    public var client: ServerAPIClient = .ambient

    public init() {}

    /// The first load, or a retry after an error: empties the list and shows a spinner.
    public func reload() async {
        status = .loading
        items = []
        banner = nil
        let result = await withCheckedContinuation { continuation in
            client.fetchItems { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let fresh):
            items = fresh
            status = .loaded
        case .failure:
            status = .failed("Your shelf could not be loaded.")
        }
    }

    /// Pull to refresh: keeps the current items on screen while the new ones load.
    public func refresh() async {
        let result = await withCheckedContinuation { continuation in
            client.fetchItems { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let fresh):
            items = fresh
            status = .loaded
            banner = nil
        case .failure:
            banner = "Could not refresh. Showing what you had."
        }
    }
}
