import APIClient

// Type-checked on its own, with APIClient as its only import: it sees exactly what the core
// offers. It must compile, so `execute(_:completion:)` has to live in APIClient, take any
// request and hand back any Decodable answer the caller asks for.
struct IsolatedProbeRow: Decodable, Sendable {
    let id: Int
}

func isolatedExecuteInCore(client: ServerAPIClient) {
    client.execute(APIRequest(method: "GET", path: "/rows")) { (result: Result<[IsolatedProbeRow], APIError>) in
        _ = result
    }
    client.execute(APIRequest(method: "POST", path: "/rows", body: nil)) { (result: Result<IsolatedProbeRow, APIError>) in
        _ = result
    }
}
