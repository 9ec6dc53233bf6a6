import APIClient
import Foundation
import Friends
import Items
import KataSupport
import Login
import ShelfDI

/// Makes the shelf's loader for a session's token. The token is only known after sign-in, so
/// the container holds the maker, and the composer hands it the runtime argument.
struct ItemsLoaderMaker: Sendable {
    let client: ServerAPIClient

    func callAsFunction(token: String) -> any ItemsLoader {
        ServerItemsLoader(client: client, token: token)
    }
}

/// Makes the friends screen's loader for a session's token.
struct FriendsLoaderMaker: Sendable {
    let client: ServerAPIClient

    func callAsFunction(token: String) -> any FriendsLoader {
        ServerFriendsLoader(client: client, token: token)
    }
}

/// Shelf's services, registered once. The container makes services; screens, which live on the
/// main actor and need a session, are built by the composer from what it resolves.
enum ShelfModule {
    static func production(transport: any Transport) -> Module {
        Module {
            factory { _ in ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport) }
            factory { r in try r.resolve(ServerAPIClient.self).authenticate as Authenticate }
            factory { r in ItemsLoaderMaker(client: try r.resolve()) }
            factory { r in FriendsLoaderMaker(client: try r.resolve()) }
        }
    }
}
