import ItemDetail
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
        draw(screen.lines)
    }

    func push(_ screen: Screen) {
        depth += 1
        draw(screen.lines)
    }

    func push(detail: ItemDetailViewModel) {
        depth += 1
        draw(detail.lines)
    }

    private func draw(_ lines: [String]) {
        terminal.write([String(repeating: "─", count: 4 * depth) + " Shelf"] + lines)
    }
}
