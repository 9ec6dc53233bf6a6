import KataSupport

/// Shows screens by printing them to the terminal the app was launched with.
final class ConsoleNavigator: Navigator {
    private let terminal: Terminal
    private var depth = 0

    init(terminal: Terminal) {
        self.terminal = terminal
    }

    func show(_ screen: Screen) {
        depth = 1
        draw(screen)
    }

    func push(_ screen: Screen) {
        depth += 1
        draw(screen)
    }

    private func draw(_ screen: Screen) {
        terminal.write([String(repeating: "─", count: 4 * depth) + " Shelf"] + screen.lines)
    }
}
