/// The help overlay: the keys that work everywhere and on the screen on show, then the other
/// screens' keys while they fit whole, all read from the screens' key tables.
enum HelpText {
    typealias Section = (title: String, lines: [(keys: String, text: String)])

    static func sections(screen: AppState.Screen) -> [Section] {
        var screens: [Section] = [
            (KeyTable.stageMap.title, KeyTable.stageMap.helpLines), (KeyTable.lesson.title, KeyTable.lesson.helpLines),
            (KeyTable.kata.title, KeyTable.kata.helpLines), (KeyTable.graph.title, KeyTable.graph.helpLines),
        ]
        let current =
            switch screen {
            case .stageMap: 0
            case .lesson: 1
            case .kata: 2
            case .graph: 3
            }
        screens.insert(screens.remove(at: current), at: 0)
        return [(KeyTable.everywhere.title, KeyTable.everywhere.helpLines)] + screens
    }

    /// The overlay's lines, at most `height` unless this screen's own keys need more.
    static func lines(theme: Theme, screen: AppState.Screen, height: Int = .max) -> [UILine] {
        var lines: [UILine] = []
        for (index, section) in sections(screen: screen).enumerated() {
            var block: [UILine] = index > 0 ? [.blank] : []
            block.append(UILine(section.title, CellStyle(bold: true)))
            for (keys, text) in section.lines {
                block.append(
                    UILine([
                        ("  " + keys.padding(toLength: 20, withPad: " ", startingAt: 0), theme.style(.inlineCode)),
                        (text, .plain),
                    ]))
            }
            guard index < 2 || lines.count + block.count <= height else { break }
            lines += block
        }
        return lines
    }
}
