internal import APIClient
internal import Foundation
internal import KataSupport
internal import Login

/// Puts the server's sign-in behind the screen's `Authenticate`. A namespace, not a value: the
/// adapter is a function, and the endpoint below is private to this file.
enum ServerSignIn {
    static func authenticate(via client: ServerAPIClient) -> Authenticate {
        { credentials, completion in
            client.signIn(credentials, completion: completion)
        }
    }
}

private extension ServerAPIClient {
    /// `POST /session` with the credentials as JSON.
    func signIn(
        _ credentials: Credentials,
        file: String = #fileID, line: Int = #line, function: String = #function,
        completion: @escaping @Sendable (Result<User, LoginError>) -> Void
    ) {
        let request = HTTPRequest(
            method: "POST", path: "/session", headers: ["Content-Type": "application/json"],
            body: try? JSONEncoder().encode(credentials))
        execute(request, file: file, line: line, function: function) { result in
            completion(result.mapError { _ in LoginError.offline }.flatMap(Self.user(from:)))
        }
    }

    /// What a response to `POST /session` means to the sign-in screen.
    static func user(from response: HTTPResponse) -> Result<User, LoginError> {
        switch response.status {
        case 200:
            if let user = try? JSONDecoder().decode(User.self, from: response.body) {
                .success(user)
            } else {
                .failure(.serverProblem)
            }
        case 401:
            .failure(.invalidCredentials)
        default:
            .failure(.serverProblem)
        }
    }
}
