/// Server answers used by tests and previews. The server speaks JSON with snake_case keys.
public enum Fixtures {
    /// The answer to `POST /session`: the signed-in account.
    public static let session = HTTPResponse.json(#"{"id": "u-7", "name": "Ada Lovelace"}"#)

    /// The answer to `GET /items`: the user's shelf.
    public static let items = HTTPResponse.json(
        #"""
        [
          {"id": 1, "title": "Dune", "is_favorite": true},
          {"id": 2, "title": "Solaris", "is_favorite": false},
          {"id": 3, "title": "Piranesi", "is_favorite": true}
        ]
        """#)

    /// The answer to `GET /friends`: people the user follows.
    public static let friends = HTTPResponse.json(
        #"""
        [
          {"id": "f-1", "name": "Grace Hopper", "shared_items": 4},
          {"id": "f-2", "name": "Alan Turing", "shared_items": 0}
        ]
        """#)

    /// A sign-in refused by the server (wrong user name or password).
    public static let unauthorized = HTTPResponse.json(#"{"error": "invalid_credentials"}"#, status: 401)
}
