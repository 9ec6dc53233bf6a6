import APIClient

// Must be rejected: with only APIClient imported, the client should know no feature's endpoint.
func negativeCoreNoFetchFriends(client: ServerAPIClient) {
    _ = client.fetchFriends
}
