/// What the Shelf server answers, as JSON with snake_case keys.
public enum Fixtures {
    /// The books every fake server lists, as the app's own tests expect them.
    public static let titles = ["The Left Hand of Darkness", "Piranesi", "A Wizard of Earthsea"]

    /// The answer to `POST /session`: a token for `user`.
    public static func session(user: String) -> HTTPResponse {
        .json(#"{"token": "token-\#(user)", "user_name": "\#(user)"}"#)
    }

    /// The answer to `GET /items`: the signed-in user's shelf.
    public static let items = HTTPResponse.json(
        #"""
        [
          {"id": 1, "title": "The Left Hand of Darkness", "author": "Ursula K. Le Guin"},
          {"id": 2, "title": "Piranesi", "author": "Susanna Clarke"},
          {"id": 3, "title": "A Wizard of Earthsea", "author": "Ursula K. Le Guin"}
        ]
        """#)

    /// The answer to `GET /friends`: the people the user follows.
    public static let friends = HTTPResponse.json(
        #"""
        [
          {"id": "f-1", "name": "Grace Hopper", "shared_items": 4},
          {"id": "f-2", "name": "Alan Turing", "shared_items": 0}
        ]
        """#)

    /// A sign-in the server refused: wrong user name or password.
    public static let unauthorized = HTTPResponse.json(#"{"error": "invalid_credentials"}"#, status: 401)

    /// Version 2 of the server API (`POST /v2/session`): the token and the account are nested.
    public static func sessionV2(user: String) -> HTTPResponse {
        .json(
            #"""
            {"access_token": "token-\#(user)", "expires_in": 3600,
             "account": {"handle": "\#(user)", "display_name": "\#(user.prefix(1).uppercased() + user.dropFirst())"}}
            """#)
    }

    /// Version 2 of `GET /v2/items`: the list is wrapped in a page, and authors are a list.
    public static let itemsV2 = HTTPResponse.json(
        #"""
        {"page": 1, "items": [
          {"id": 1, "title": "The Left Hand of Darkness", "authors": ["Ursula K. Le Guin"]},
          {"id": 2, "title": "Piranesi", "authors": ["Susanna Clarke"]},
          {"id": 3, "title": "A Wizard of Earthsea", "authors": ["Ursula K. Le Guin"]}
        ]}
        """#)
}
