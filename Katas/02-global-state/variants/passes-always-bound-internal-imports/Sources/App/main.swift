import APIClient

// The whole run happens inside one binding: production's client, said out loud.
await ServerAPIClient.$current.withValue(ServerAPIClient.shared) {
    await runShelf()
}
