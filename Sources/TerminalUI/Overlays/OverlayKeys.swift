/// What a key does in a yes/no question.
enum ConfirmAction: Equatable, Sendable {
    case confirm, decline
}

/// What a key does in the reference solution's diff.
enum SolutionAction: Equatable, Sendable {
    case scroll(Int)
    case scrollPages(Int)
    case close
}

/// What a key does in the workshop join form.
enum JoinFormAction: Equatable, Sendable {
    case nextField, previousField, deleteBackward, submit, cancel
    /// Any other key: a character is typed into the field.
    case type
}

/// What a key does over a message or the help.
enum MessageAction: Equatable, Sendable {
    case close
}

/// What a key does when a kata has just passed.
enum PassedAction: Equatable, Sendable {
    case openNext, close
}

extension KeyTable where Action == ConfirmAction {
    static let confirm = KeyTable(
        "Question", [KeyBinding([.character("y")], .confirm, help: ("y", "yes"), status: StatusHint("y", "yes"))],
        otherKeys: (.decline, StatusHint("any key", "no")))
}

extension KeyTable where Action == SolutionAction {
    static let solution = KeyTable(
        "Reference solution",
        [
            KeyBinding(
                [
                    ([.up, .character("k"), .wheelUp], .scroll(-1)),
                    ([.down, .character("j"), .wheelDown], .scroll(1)),
                ], help: ("↑ ↓ j k, wheel", "scroll"), status: StatusHint("↑↓", "scroll")),
            KeyBinding(
                [([.pageUp], .scrollPages(-1)), ([.pageDown, .character(" ")], .scrollPages(1))],
                help: ("PgUp PgDn Space", "page up / down")),
        ], otherKeys: (.close, StatusHint("any key", "close")))
}

extension KeyTable where Action == JoinFormAction {
    static let joinForm = KeyTable(
        "Join a workshop",
        [
            KeyBinding(
                [([.tab, .down], .nextField), ([.up], .previousField)], help: ("Tab ↓ ↑", "next / previous field"),
                status: StatusHint("Tab", "next field")),
            KeyBinding([.enter], .submit, help: ("Enter", "join"), status: StatusHint("Enter", "join")),
            KeyBinding([.escape], .cancel, help: ("Esc", "cancel"), status: StatusHint("Esc", "cancel")),
            KeyBinding([.backspace], .deleteBackward, help: ("Backspace", "delete a character")),
        ], otherKeys: (.type, nil))
}

extension KeyTable where Action == MessageAction {
    static let message = KeyTable("Message", [], otherKeys: (.close, StatusHint("any key", "close")))
}

extension KeyTable where Action == PassedAction {
    static let passed = KeyTable(
        "Kata passed",
        [
            KeyBinding(
                [.character("n"), .enter], .openNext, help: ("n Enter", "open the next kata"),
                status: StatusHint("n", "next kata"))
        ], otherKeys: (.close, StatusHint("any key", "stay")))
}

extension AppState {
    /// The status bar's entries over an overlay.
    func overlayStatusHints(_ overlay: Overlay) -> [(keys: String, text: String)] {
        switch overlay {
        case .confirmReset, .confirmUnlock, .confirmSolution, .confirmQuit: KeyTable.confirm.statusHints(self)
        case .solution: KeyTable.solution.statusHints(self)
        case .joinWorkshop: KeyTable.joinForm.statusHints(self)
        case .help, .message: KeyTable.message.statusHints(self)
        case .passed: KeyTable.passed.statusHints(self)
        }
    }
}
