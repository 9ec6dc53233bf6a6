import APIClient

/// The people the user follows, and how much of the user's shelf they share.
public final class FriendListViewModel {
    public enum Status: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case failed(String)
    }

    public private(set) var friends: [Friend] = []
    public private(set) var status: Status = .idle

    /// The client this screen talks to. Production code keeps the default; a test sets its own.
    public var client: ServerAPIClient = .shared

    public init() {}

    public func reload() async {
        LateBinding.reportNewEndpoint()
        status = .loading
        let result = await withCheckedContinuation { continuation in
            client.fetchFriends { continuation.resume(returning: $0) }
        }
        switch result {
        case .success(let people):
            friends = people
            status = .loaded
        case .failure:
            friends = []
            status = .failed("Your friends could not be loaded.")
        }
    }
}
