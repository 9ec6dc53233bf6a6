import APIClient
import Foundation
import KataSupport

// Never called: it only has to compile. A client for any server and any transport, next to the
// production default.
func contractClientInit(transport: any Transport) -> [ServerAPIClient] {
    let staging = ServerAPIClient(baseURL: URL(string: "https://staging.shelf.example")!, transport: transport)
    let production: ServerAPIClient = ServerAPIClient.shared
    return [staging, production]
}
