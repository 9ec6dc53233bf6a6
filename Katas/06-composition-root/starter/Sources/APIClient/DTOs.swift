/// The body of `POST /session`, as the server expects it.
public struct CredentialsDTO: Encodable, Equatable, Sendable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// The body of a successful `POST /session`, as the server sends it.
public struct SessionDTO: Decodable, Equatable, Sendable {
    public var user: String
    public var token: String
    public var expiresIn: Int

    private enum CodingKeys: String, CodingKey {
        case user, token
        case expiresIn = "expires_in"
    }
}

/// One entry of a successful `GET /items`, as the server sends it.
public struct ItemDTO: Decodable, Equatable, Sendable {
    public var id: Int
    public var title: String
    public var author: String
    public var isbn: String?
}

/// An HTTP answer: the status, and the body decoded when the status was 2xx and the JSON fit.
public struct APIResponse<Body: Sendable>: Sendable {
    public var status: Int
    /// `nil` when the status was not 2xx or the body could not be decoded.
    public var body: Body?

    public init(status: Int, body: Body?) {
        self.status = status
        self.body = body
    }
}
