import APIClient
import Foundation
@_spi(Checks) import KataSupport
import Synchronization

/// A subclass stub: it overrides both endpoints, answers at once from memory and never
/// touches the transport. If production networking is reached while it is injected, the
/// view model must have used some other client.
final class StubClient: ServerAPIClient, @unchecked Sendable {
    private let account: User
    private let shelf: [Item]
    private let received = Mutex<[String]>([])

    init(account: User = User(id: "u-stub", name: "Stub Reader"), shelf: [Item] = []) {
        self.account = account
        self.shelf = shelf
        super.init(baseURL: URL(string: "https://stub.invalid")!, transport: TripwireTransport())
    }

    /// What this stub was asked, oldest first: `signIn(ada, secret)` or `fetchItems`.
    var calls: [String] { received.withLock { $0 } }

    override func signIn(
        user: String, password: String, file: String, line: Int, function: String,
        completion: @escaping @Sendable (Result<User, APIError>) -> Void
    ) {
        received.withLock { $0.append("signIn(\(user), \(password))") }
        completion(.success(account))
    }

    override func fetchItems(
        file: String, line: Int, function: String,
        completion: @escaping @Sendable (Result<[Item], APIError>) -> Void
    ) {
        received.withLock { $0.append("fetchItems") }
        completion(.success(shelf))
    }
}
