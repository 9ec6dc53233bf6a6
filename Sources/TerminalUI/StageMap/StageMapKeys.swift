/// What a key does on the stage map.
enum StageMapAction: Equatable, Sendable {
    case move(by: Int)
    case first, last
    /// Open the selected row: its lesson, or the kata when it has none.
    case open
    case openKata
    case joinWorkshop
    case quit
    /// Esc: asks before quitting (an Esc that was meant for an overlay must not end the session).
    case askToQuit
}

extension KeyTable where Action == StageMapAction {
    static let stageMap = KeyTable(
        "Stage map",
        [
            KeyBinding(
                [
                    ([.up, .character("k"), .wheelUp], .move(by: -1)),
                    ([.down, .character("j"), .wheelDown], .move(by: 1)),
                ], help: ("↑ ↓ / j k", "choose a stage"), status: StatusHint("↑↓", "move")),
            KeyBinding(
                [([.home, .character("g")], .first), ([.end, .character("G")], .last)],
                help: ("Home End g G", "first / last")),
            KeyBinding(
                [.enter, .right, .character("l")], .open, help: ("Enter / l", "read its lesson"),
                status: StatusHint("Enter", "lesson")),
            KeyBinding(
                [.character("o"), .tab], .openKata, help: ("o / Tab", "open its kata"), status: StatusHint("o", "kata")),
            KeyBinding(
                [.character("W")], .joinWorkshop, help: ("W", "join a team workshop"),
                status: StatusHint("W", "join workshop")),
            KeyBinding([.character("q")], .quit, help: ("q", "quit"), status: StatusHint("q", "quit")),
            KeyBinding([.escape], .askToQuit, help: ("Esc", "quit (asks first)")),
        ])
}
