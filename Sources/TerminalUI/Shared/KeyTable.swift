/// How the status bar names a binding: the keys as written and what they do (which may depend
/// on the state, e.g. "watch: on").
struct StatusHint: Sendable {
    var keys: String
    var text: @Sendable (AppState) -> String

    init(_ keys: String, _ text: String) {
        self.keys = keys
        self.text = { _ in text }
    }

    init(_ keys: String, text: @escaping @Sendable (AppState) -> String) {
        self.keys = keys
        self.text = text
    }
}

/// One line of a screen's key table: the keys, the action each triggers, and how the help overlay
/// and the status bar name them. A binding is edited here and nowhere else.
struct KeyBinding<Action: Equatable & Sendable>: Sendable {
    var triggers: [(keys: [Key], action: Action)]
    /// The help overlay's line: the keys as written and what they do.
    var help: (keys: String, text: String)
    /// The status bar's entry; nil when the binding is only listed in help.
    var status: StatusHint?

    init(_ keys: [Key], _ action: Action, help: (String, String), status: StatusHint? = nil) {
        self.init([(keys, action)], help: help, status: status)
    }

    /// Several actions named as one line (e.g. ↑ and ↓: "scroll").
    init(_ triggers: [(keys: [Key], action: Action)], help: (String, String), status: StatusHint? = nil) {
        self.triggers = triggers
        self.help = (keys: help.0, text: help.1)
        self.status = status
    }
}

/// A screen's keys, as data: the handler asks it which action a key triggers, the status bar and
/// the help overlay list its lines.
struct KeyTable<Action: Equatable & Sendable>: Sendable {
    /// The help overlay's heading for these keys.
    var title: String
    var bindings: [KeyBinding<Action>]
    /// What every other key does (e.g. "any key closes"), and how the status bar names it.
    var otherKeys: (action: Action, status: StatusHint?)?

    init(_ title: String, _ bindings: [KeyBinding<Action>], otherKeys: (Action, StatusHint?)? = nil) {
        self.title = title
        self.bindings = bindings
        self.otherKeys = otherKeys.map { (action: $0.0, status: $0.1) }
    }

    /// The action `key` triggers, if any.
    func action(for key: Key) -> Action? {
        for binding in bindings {
            if let trigger = binding.triggers.first(where: { $0.keys.contains(key) }) { return trigger.action }
        }
        return otherKeys?.action
    }

    /// Every key the table names, in order.
    var keys: [Key] { bindings.flatMap { $0.triggers.flatMap { $0.keys } } }

    /// The status bar's entries, in table order.
    func statusHints(_ state: AppState) -> [(keys: String, text: String)] {
        (bindings.compactMap(\.status) + [otherKeys?.status].compactMap { $0 }).map { ($0.keys, $0.text(state)) }
    }

    /// The help overlay's lines, in table order.
    var helpLines: [(keys: String, text: String)] { bindings.map(\.help) }
}
