import Foundation

/// Canned server answers.
public enum Fixtures {
    /// The items every fake server lists, as (id, title).
    public static let items: [(id: Int, title: String)] = [
        (1, "The Left Hand of Darkness"),
        (2, "Piranesi"),
        (3, "A Wizard of Earthsea"),
    ]

    /// 200 with `{"token": …, "userName": …}`, the answer to `POST /session`.
    public static func session(user: String, token: String? = nil) -> HTTPResponse {
        HTTPResponse(status: 200, body: json(["token": token ?? "token-\(user)", "userName": user]))
    }

    /// 200 with `[{"id": …, "title": …}, …]`, the answer to `GET /items`.
    public static func itemList() -> HTTPResponse {
        HTTPResponse(status: 200, body: json(items.map { ItemJSON(id: $0.id, title: $0.title) }))
    }

    private struct ItemJSON: Encodable {
        var id: Int
        var title: String
    }

    private static func json(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)) ?? Data()
    }
}
