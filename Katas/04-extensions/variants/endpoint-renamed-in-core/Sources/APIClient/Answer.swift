import Foundation
import KataSupport

/// Reading what the server sent back.
enum Answer {
    /// The body of a 2xx answer decoded as `Value`; the status of any other answer.
    static func decode<Value: Decodable>(_ response: HTTPResponse) -> Result<Value, APIError> {
        guard (200...299).contains(response.status) else {
            return .failure(.status(response.status))
        }
        do {
            return .success(try decoder.decode(Value.self, from: response.body))
        } catch {
            return .failure(.malformedResponse)
        }
    }

    /// The server writes snake_case keys (`is_favorite`); the models use camelCase.
    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
