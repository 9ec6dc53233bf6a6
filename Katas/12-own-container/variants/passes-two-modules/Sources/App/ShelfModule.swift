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

/// Shelf's services, in two modules: what talks to the server, and what builds on it.
enum ShelfModule {
    /// The one client, over the transport the root was given.
    static func network(transport: any Transport) -> Module {
        Module {
            single { _ in ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: transport) }
        }
    }

    /// Everything the screens are made from; it needs a client from another module.
    static let screens = Module {
        factory { r -> Authenticate in try r.resolve(ServerAPIClient.self).authenticate }
        factory { r in ItemsLoaderMaker(client: try r.resolve()) }
        factory { r in FriendsLoaderMaker(client: try r.resolve()) }
    }
}
