import APIClient
@testable import Friends
@testable import Items

// Never called: it only has to compile. Items and Friends offer their endpoints on the
// client (public or internal, both are fine).
func probeItemsAndFriendsOwnEndpoints(client: ServerAPIClient) async {
    let items: [Item]? = try? await client.fetchItems(token: "t")
    let friends: [Friend]? = try? await client.fetchFriends(token: "t")
    _ = (items, friends)
}
