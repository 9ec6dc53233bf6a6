import APIClient

// Must be rejected: the task-local override from stage 2 should be gone.
func negativeCurrentRemoved() -> ServerAPIClient {
    ServerAPIClient.current
}
