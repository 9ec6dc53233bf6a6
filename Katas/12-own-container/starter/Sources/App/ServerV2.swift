import APIClient
import Foundation

// Version 2 of the Shelf server API. Version 1 (`POST /session`, `GET /items`) is switched
// off: the server answers only these. The shapes are the server's, not the app's.

/// The body of `POST /v2/session`.
struct CredentialsDTO: Encodable, Sendable {
    var handle: String
    var password: String
}

/// The answer to a successful `POST /v2/session`.
struct SessionDTO: Decodable, Sendable {
    struct Account: Decodable, Sendable {
        var handle: String
        var displayName: String

        private enum CodingKeys: String, CodingKey {
            case handle
            case displayName = "display_name"
        }
    }

    var accessToken: String
    var expiresIn: Int
    var account: Account

    private enum CodingKeys: String, CodingKey {
        case account
        case accessToken = "access_token"
        case expiresIn = "expires_in"
    }
}

/// The answer to `GET /v2/items`: one page of the shelf.
struct ItemPageDTO: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var id: Int
        var title: String
        var authors: [String]
    }

    var page: Int
    var items: [Entry]
}

extension ServerAPIClient {
    /// `POST /v2/session`: a 401 means the handle or the password is wrong.
    func postSession(_ credentials: CredentialsDTO) async throws(APIError) -> SessionDTO {
        try await execute(Endpoint(method: "POST", path: "/v2/session", body: try? JSONEncoder().encode(credentials)))
    }

    /// `GET /v2/items` for the user the token belongs to.
    func getItems(token: String) async throws(APIError) -> ItemPageDTO {
        try await execute(Endpoint(method: "GET", path: "/v2/items", token: token))
    }
}
