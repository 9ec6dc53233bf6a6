/// Keys that work on every screen (Ctrl-C even over an overlay).
enum GlobalAction: Equatable, Sendable {
    case showHelp
    case quit
}

extension KeyTable where Action == GlobalAction {
    static let everywhere = KeyTable(
        "Everywhere",
        [
            KeyBinding([.character("?")], .showHelp, help: ("?", "this help"), status: StatusHint("?", "help")),
            KeyBinding([.interrupt], .quit, help: ("Ctrl-C", "quit")),
        ])
}
