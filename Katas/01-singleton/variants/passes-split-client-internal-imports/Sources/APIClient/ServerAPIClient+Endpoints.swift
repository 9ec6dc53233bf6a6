import Foundation
import KataSupport

extension ServerAPIClient {
    public func signIn(user: String, password: String) async throws(APIError) -> Session {
        let body = try? JSONEncoder().encode(["user": user, "password": password])
        return try await fetch(Session.self, HTTPRequest(method: "POST", path: "/session", body: body))
    }

    public func fetchItems(token: String) async throws(APIError) -> [Item] {
        try await fetch([Item].self, HTTPRequest(method: "GET", path: "/items", headers: ["Authorization": "Bearer \(token)"]))
    }

    fileprivate func fetch<Value: Decodable>(_ type: Value.Type, _ request: HTTPRequest) async throws(APIError) -> Value {
        let response: HTTPResponse
        do {
            response = try await transport.send(stamp.stamped(request))
        } catch {
            throw .transport(error)
        }
        guard (200..<300).contains(response.status) else { throw .status(response.status) }
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw .malformedResponse
        }
    }
}
