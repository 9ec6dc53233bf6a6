import Friends
import Testing

/// Friends is tested without any server: each test hands the screen the loader it needs.
@MainActor
struct FriendsTests {
    @Test func friendsAreListedWithTheirBooksInCommon() async {
        let friends = FriendListViewModel(loader: Following([Friend(id: "f-1", name: "Grace Hopper", sharedItems: 4)]))

        await friends.reload()

        #expect(friends.lines == ["Friends", "• Grace Hopper (4 books in common)"])
    }

    @Test func offlineSaysSo() async {
        let friends = FriendListViewModel(loader: Unreachable())

        await friends.reload()

        #expect(friends.state == .failed(.offline))
    }
}

private struct Following: FriendsLoader {
    let friends: [Friend]
    init(_ friends: [Friend]) { self.friends = friends }
    func loadFriends() async throws(FriendsError) -> [Friend] { friends }
}

private struct Unreachable: FriendsLoader {
    func loadFriends() async throws(FriendsError) -> [Friend] { throw .offline }
}
