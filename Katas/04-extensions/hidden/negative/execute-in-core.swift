import APIClient

// This probe is type-checked on its own, with APIClient as its only import, so it sees
// exactly what the core offers. (A contract probe shares a module with the tests, which
// import every feature, and would also see an `execute` declared in a feature's extension.)
//
// It is meant to be rejected for ONE reason only: the answer type below can be encoded but not
// decoded, and execute must only accept Decodable answers. Any other error (no `execute`, other
// labels, a non-generic completion) means that APIClient alone does not offer
// `execute(_:completion:)` as the README describes it.
struct NegativeProbeRow: Encodable, Sendable {
    let id: Int
}

func negativeExecuteInCore(client: ServerAPIClient) {
    client.execute(APIRequest(method: "GET", path: "/rows")) { (result: Result<NegativeProbeRow, APIError>) in
        _ = result
    }
}
