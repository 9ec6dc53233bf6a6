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

    /// Where this screen loads the shelf from. The app never touches it; a test assigns a stub.
    public var client: ServerAPIClient = .shared

    public init() {}

    /// The first load, or a retry after an error: empties the list and shows a spinner.
    public func reload() async {
        status = .loading
        items = []
        banner = nil
        switch await fetchShelf() {
        case .success(let fresh):
            items = fresh
            status = .loaded
        case .failure:
            status = .failed("Your shelf could not be loaded.")
        }
    }

    /// Pull to refresh: keeps the current items on screen while the new ones load.
    public func refresh() async {
        switch await fetchShelf() {
        case .success(let fresh):
            items = fresh
            status = .loaded
            banner = nil
        case .failure:
            banner = "Could not refresh. Showing what you had."
        }
    }

    /// The one place this screen talks to the server. Both loads come through here, so both
    /// use whatever client is set on the screen at the moment of the call.
    private func fetchShelf(
        file: String = #fileID, line: Int = #line, function: String = #function
    ) async -> Result<[Item], APIError> {
        await client.shelf(file: file, line: line, function: function)
    }
}
