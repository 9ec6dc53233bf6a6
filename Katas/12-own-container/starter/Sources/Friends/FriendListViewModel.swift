/// The people the signed-in user follows, and how many books they share.
///
/// It takes what it needs in its initializer and keeps it: no client, no server, no default.
@MainActor
public final class FriendListViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded([Friend])
        case failed(FriendsError)
    }

    public private(set) var state: State = .idle

    private let loader: any FriendsLoader

    /// Only stores the loader: nothing is loaded until `reload()` is called.
    public init(loader: any FriendsLoader) {
        self.loader = loader
    }

    /// Asks the loader who the user follows.
    public func reload() async {
        state = .loading
        do {
            state = .loaded(try await loader.loadFriends())
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
        case .failed(.offline): ["Friends", "Could not reach the server."]
        case .failed(.serverProblem): ["Friends", "Something went wrong on our side."]
        }
    }
}
