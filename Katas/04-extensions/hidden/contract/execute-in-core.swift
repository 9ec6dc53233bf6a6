import APIClient
import Foundation

// Type-checked on its own, with APIClient as its only Shelf import: it sees exactly what the
// core offers. It must compile, so `Endpoint` and `execute(_:)` have to live in APIClient,
// describe any request and hand back any Decodable answer the caller asks for.
struct IsolatedProbeRow: Decodable, Sendable {
    let id: Int
}

func isolatedListRows(client: ServerAPIClient, token: String) async throws(APIError) -> [IsolatedProbeRow] {
    try await client.execute(Endpoint(method: "GET", path: "/rows", token: token))
}

func isolatedCreateRow(client: ServerAPIClient) async throws(APIError) -> IsolatedProbeRow {
    let endpoint = Endpoint<IsolatedProbeRow>(method: "POST", path: "/rows", body: Data("{}".utf8))
    return try await client.execute(endpoint)
}
