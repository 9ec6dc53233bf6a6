import APIClient
import Foundation
import ItemDetail
import Synchronization

/// The answer to `GET /v2/items/{id}/cover`: the cover drawn as text.
struct CoverDTO: Decodable, Sendable {
    var ascii: String
}

extension ServerAPIClient {
    /// `GET /v2/items/{id}/cover`. Covers are public: no token needed.
    func getCover(itemID: Int) async throws(APIError) -> CoverDTO {
        try await execute(Endpoint(method: "GET", path: "/v2/items/\(itemID)/cover"))
    }
}

/// Covers already fetched, by item id, so a book opened twice is downloaded once.
///
/// Meant to be shared by every detail screen of the app. Safe to share between tasks: every
/// access goes through a lock.
final class ImageCache: Sendable {
    private let covers = Mutex<[Int: String]>([:])

    init() {}

    func cover(for itemID: Int) -> String? {
        covers.withLock { $0[itemID] }
    }

    func store(_ cover: String, for itemID: Int) {
        covers.withLock { $0[itemID] = cover }
    }
}

/// Adapts the server's client to the loader the detail screen asks for, asking `cache` first.
struct ServerImageLoader: ImageLoader {
    let client: ServerAPIClient
    let cache: ImageCache

    func loadCover(itemID: Int) async throws(ImageError) -> String {
        if let cover = cache.cover(for: itemID) { return cover }
        do {
            let cover = try await client.getCover(itemID: itemID).ascii
            cache.store(cover, for: itemID)
            return cover
        } catch .transport {
            throw .offline
        } catch {
            throw .unavailable
        }
    }
}
