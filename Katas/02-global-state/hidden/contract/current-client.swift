import APIClient

// Never called: it only has to compile.
func contractCurrentClient(stub: ServerAPIClient) async -> Bool {
    let outside: ServerAPIClient = ServerAPIClient.current
    let inside = await ServerAPIClient.$current.withValue(stub) { () async -> ServerAPIClient in
        ServerAPIClient.current
    }
    return outside === inside
}
