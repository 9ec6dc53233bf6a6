import APIClient

// This probe is type-checked on its own, with APIClient as the only import, so it sees
// exactly what the core offers (contract probes share a module with the tests, which import
// every feature, and would also see an `execute` declared in a feature's extension).
//
// It is meant to be rejected for ONE reason only: `execute` returns nothing, and the result is
// stored in an Int. Any other error means that APIClient alone does not offer
// `execute(_:completion:)` as the README describes it.
struct NegativeProbeRow: Decodable, Sendable {
    let id: Int
}

func negativeExecuteInCore(client: ServerAPIClient) {
    let _: Int = client.execute(APIRequest(method: "GET", path: "/rows")) { (result: Result<[NegativeProbeRow], APIError>) in
        _ = result
    }
}
