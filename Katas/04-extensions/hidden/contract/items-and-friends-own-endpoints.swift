import APIClient
@testable import Friends
@testable import Items

// Never called: it only has to compile. Items and Friends offer their endpoints on the
// client (public or internal, both are fine).
func probeItemsAndFriendsOwnEndpoints(client: ServerAPIClient) {
    client.fetchItems { result in
        _ = result
    }
    client.fetchFriends { result in
        _ = result
    }
}
