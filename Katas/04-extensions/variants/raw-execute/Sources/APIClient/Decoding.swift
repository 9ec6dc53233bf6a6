import Foundation

extension ServerAPIClient {
    /// Decodes an answer's bytes, for the endpoints.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(APIError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .malformedResponse
        }
    }
}
