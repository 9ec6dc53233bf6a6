/// What a key does in the lesson reader.
enum LessonAction: Equatable, Sendable {
    case scroll(Int)
    case scrollPages(Int)
    case top, bottom
    case turnPage(Int)
    case search
    case nextMatch, previousMatch
    case openKata
    case back
}

extension KeyTable where Action == LessonAction {
    static let lesson = KeyTable(
        "Lesson",
        [
            KeyBinding(
                [
                    ([.up, .character("k")], .scroll(-1)), ([.down, .character("j")], .scroll(1)),
                    ([.wheelUp], .scroll(-3)), ([.wheelDown], .scroll(3)),
                ], help: ("↑ ↓ j k, wheel", "scroll"), status: StatusHint("↑↓ PgUp PgDn", "scroll")),
            KeyBinding(
                [([.pageUp, .character("b")], .scrollPages(-1)), ([.pageDown, .character(" ")], .scrollPages(1))],
                help: ("PgUp PgDn Space b", "page up / down")),
            KeyBinding(
                [([.home, .character("g")], .top), ([.end, .character("G")], .bottom)],
                help: ("Home End g G", "top / bottom")),
            KeyBinding(
                [([.left, .character("[")], .turnPage(-1)), ([.right, .character("]")], .turnPage(1))],
                help: ("← → [ ]", "previous / next page"), status: StatusHint("←→", "page")),
            KeyBinding([.character("/")], .search, help: ("/", "search"), status: StatusHint("/", "search")),
            KeyBinding(
                [([.character("n")], .nextMatch), ([.character("N")], .previousMatch)],
                help: ("n  N", "next, previous match"), status: StatusHint("n N", "next")),
            KeyBinding([.character("o")], .openKata, help: ("o", "open the kata"), status: StatusHint("o", "kata")),
            KeyBinding(
                [.escape, .character("q")], .back, help: ("Esc / q", "back"), status: StatusHint("Esc", "back")),
        ])
}
