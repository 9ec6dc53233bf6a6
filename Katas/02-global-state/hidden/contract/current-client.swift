import APIClient

// Never called: it only has to compile. `current` reads as a client, and `$current.withValue`
// binds one for an async closure and for a plain one.
func contractCurrentClient(stub: ServerAPIClient) async -> Bool {
    let outside: ServerAPIClient = ServerAPIClient.current
    let inside = await ServerAPIClient.$current.withValue(stub) { () async -> ServerAPIClient in
        await Task.yield()
        return ServerAPIClient.current
    }
    let plain = ServerAPIClient.$current.withValue(stub) { () -> ServerAPIClient in ServerAPIClient.current }
    return outside === inside && inside === plain
}
