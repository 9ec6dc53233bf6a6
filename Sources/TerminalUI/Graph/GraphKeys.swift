/// What a key does on the dependency graph.
enum GraphAction: Equatable, Sendable {
    case reload
    case back
}

extension KeyTable where Action == GraphAction {
    static let graph = KeyTable(
        "Dependency graph",
        [
            KeyBinding(
                [.character("r")], .reload, help: ("r", "read the package again"), status: StatusHint("r", "refresh")),
            KeyBinding(
                [.escape, .character("q"), .character("g")], .back, help: ("Esc / q / g", "back to the kata"),
                status: StatusHint("Esc", "back")),
        ])
}

extension AppState {
    mutating func handleGraph(_ key: Key, kata: String) -> [Effect] {
        switch KeyTable.graph.action(for: key) {
        case .reload: [.loadGraph(kata: kata)]
        case .back: back()
        case nil: []
        }
    }
}
