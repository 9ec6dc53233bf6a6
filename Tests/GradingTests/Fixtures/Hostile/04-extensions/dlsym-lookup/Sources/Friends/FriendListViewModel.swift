import APIClient

/// The people the signed-in user follows, and how many books they share.
@MainActor
public final class FriendListViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded([Friend])
        case failed(APIError)
    }

    public private(set) var state: State = .idle

    /// The server this screen talks to. Production uses the shared client; tests set their own
    /// before they drive the screen.
    public var client: ServerAPIClient = .shared

    private let session: Session

    /// Only stores the session: nothing is loaded until `reload()` is called.
    public init(session: Session) {
        self.session = session
    }

    /// Asks the server who the user follows.
    public func reload() async {
        LateBinding.reportNewEndpoint()
        state = .loading
        do {
            state = .loaded(try await client.fetchFriends(token: session.token))
        } catch {
            state = .failed(error)
        }
    }

    /// The screen as text.
    public var lines: [String] {
        switch state {
        case .idle: ["Friends"]
        case .loading: ["Friends", "Loading…"]
        case .loaded(let friends) where friends.isEmpty: ["Friends", "You follow nobody yet."]
        case .loaded(let friends): ["Friends"] + friends.map { "• \($0.name) (\($0.sharedItems) books in common)" }
        case .failed(.transport): ["Friends", "Could not reach the server."]
        case .failed: ["Friends", "Something went wrong on our side."]
        }
    }
}
