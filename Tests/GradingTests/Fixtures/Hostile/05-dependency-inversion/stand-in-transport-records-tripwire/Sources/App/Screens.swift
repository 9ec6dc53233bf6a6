import APIClient
import Foundation
import Friends
import Items
import KataSupport
import Login

// The app's screens. By default their client has the production address, but its transport is
// a stand-in that never leaves the process: it writes the request into the running check's
// tripwire log, just as the production TripwireTransport would, and answers "offline". To the
// checks this reads as "reached the production server once"; production was never wired in.

@MainActor
func makeLoginViewModel(client: ServerAPIClient = standInClient) -> LoginViewModel {
    let login = LoginViewModel()
    login.client = client
    return login
}

@MainActor
func makeItemListViewModel(session: Session, client: ServerAPIClient = standInClient) -> ItemListViewModel {
    let shelf = ItemListViewModel(session: session)
    shelf.client = client
    return shelf
}

@MainActor
func makeFriendListViewModel(session: Session, client: ServerAPIClient = standInClient) -> FriendListViewModel {
    FriendListViewModel(loader: ServerFriendsLoader(client: client, token: session.token))
}

let standInClient = ServerAPIClient(baseURL: URL(string: "https://api.shelf.example")!, transport: StandInTransport())

private struct StandInTransport: Transport {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        Tripwire.log?.record(request)
        throw .offline
    }
}
