public import APIClient

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

    /// The server this screen loads from. Left alone it is the production client; a test puts
    /// its own here before loading.
    public var client: ServerAPIClient = .shared

    public init() {}

    /// The first load, or a retry after an error: empties the list and shows a spinner.
    public func reload() async {
        status = .loading
        items = []
        banner = nil
        do {
            items = try await client.shelf()
            status = .loaded
        } catch {
            status = .failed("Your shelf could not be loaded.")
        }
    }

    /// Pull to refresh: keeps the current items on screen while the new ones load.
    public func refresh() async {
        do {
            items = try await client.shelf()
            status = .loaded
            banner = nil
        } catch {
            banner = "Could not refresh. Showing what you had."
        }
    }
}
