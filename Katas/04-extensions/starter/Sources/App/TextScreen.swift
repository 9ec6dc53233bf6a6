import Friends
import Items
import Login

/// Draws a screen as plain text.
enum TextScreen {
    static func render(_ screen: LoginViewModel) -> String {
        switch screen.state {
        case .idle: "[ Sign in ]"
        case .signingIn: "Signing in…"
        case .signedIn(let user): "Welcome, \(user.name)!"
        case .failed(let message): "[ Sign in ]  \(message)"
        }
    }

    static func render(_ screen: ItemListViewModel) -> String {
        var lines: [String] = []
        if let banner = screen.banner { lines.append("! \(banner)") }
        switch screen.status {
        case .idle: lines.append("(pull to load)")
        case .loading: lines.append("Loading…")
        case .failed(let message): lines.append(message)
        case .loaded:
            lines += screen.items.map { "\($0.isFavorite ? "★" : " ") \($0.title)" }
        }
        return lines.joined(separator: "\n")
    }

    static func render(_ screen: FriendListViewModel) -> String {
        switch screen.status {
        case .idle: "(no friends loaded)"
        case .loading: "Loading friends…"
        case .failed(let message): message
        case .loaded:
            screen.friends.map { "\($0.name) · \($0.sharedItems) in common" }.joined(separator: "\n")
        }
    }
}
