/// What a key does on a kata's screen.
enum KataAction: Equatable, Sendable {
    case edit, run, hint
    case selectCheck(by: Int)
    case toggleDetails
    case graph, reset, solution, toggleWatching, lesson
    case scroll(Int)
    case scrollPages(Int)
    case top, bottom
    case back
}

extension KeyTable where Action == KataAction {
    static let kata = KeyTable(
        "Kata",
        [
            KeyBinding(
                [.character("e")], .edit, help: ("e", "edit the file in $VISUAL / $EDITOR"),
                status: StatusHint("e", "edit")),
            KeyBinding([.character("r")], .run, help: ("r", "run the checks now"), status: StatusHint("r", "run")),
            KeyBinding([.character("h")], .hint, help: ("h", "next hint"), status: StatusHint("h", "hint")),
            KeyBinding(
                [([.up, .character("k")], .selectCheck(by: -1)), ([.down, .character("j")], .selectCheck(by: 1))],
                help: ("↑ ↓ j k", "choose a check"), status: StatusHint("↑↓", "check")),
            KeyBinding(
                [.enter], .toggleDetails, help: ("Enter", "show or hide its details"),
                status: StatusHint("Enter", "details")),
            KeyBinding([.character("g")], .graph, help: ("g", "dependency graph"), status: StatusHint("g", "graph")),
            KeyBinding(
                [.character("x")], .reset, help: ("x", "reset to the starter (backed up)"),
                status: StatusHint("x", "reset")),
            KeyBinding(
                [.character("s")], .solution, help: ("s", "reference solution (after passing)"),
                status: StatusHint("s", "solution")),
            KeyBinding(
                [.character("w")], .toggleWatching, help: ("w", "watch files: regrade on save"),
                status: StatusHint("w") { $0.watching ? "watch: on" : "watch: off" }),
            KeyBinding([.character("l")], .lesson, help: ("l", "the lesson")),
            KeyBinding(
                [
                    ([.wheelUp], .scroll(-3)), ([.wheelDown], .scroll(3)), ([.pageUp], .scrollPages(-1)),
                    ([.pageDown, .character(" ")], .scrollPages(1)),
                ], help: ("PgUp PgDn Space", "page up / down (the wheel scrolls)")),
            KeyBinding([([.home], .top), ([.end], .bottom)], help: ("Home End", "top / bottom")),
            KeyBinding(
                [.escape, .character("q")], .back, help: ("Esc / q", "back"), status: StatusHint("Esc", "back")),
        ])
}
