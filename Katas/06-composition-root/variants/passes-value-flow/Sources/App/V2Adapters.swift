import APIClient
import Items
import Login

/// `POST /v2/session` in Login's words.
struct V2SignIn: Sendable {
    let client: ServerAPIClient

    func authenticate(_ credentials: Credentials) async throws(LoginError) -> Session {
        let answer: SessionDTO
        do {
            answer = try await client.postSession(CredentialsDTO(handle: credentials.user, password: credentials.password))
        } catch .status(401) {
            throw .invalidCredentials
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
        return Session(token: answer.accessToken, userName: answer.account.displayName)
    }
}

/// `GET /v2/items` in Items' words.
final class V2Shelf: ItemsLoader {
    private let client: ServerAPIClient
    private let token: String

    init(client: ServerAPIClient, token: String) {
        self.client = client
        self.token = token
    }

    func loadItems() async throws(ItemsError) -> [Item] {
        do {
            return try await client.getItems(token: token).items.map(\.item)
        } catch .transport {
            throw .offline
        } catch {
            throw .serverProblem
        }
    }
}

extension ItemPageDTO.Entry {
    var item: Item { Item(id: id, title: title, author: authors.joined(separator: ", ")) }
}
