import Lessons

/// The eight colours every terminal has; the theme picks ones readable on dark and light backgrounds.
public enum TerminalColor: Int, Equatable, Hashable, Sendable, CaseIterable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

public struct CellStyle: Equatable, Hashable, Sendable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

    public init(
        foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = CellStyle()
}

/// One terminal cell: a grapheme, or "" for the right half of a wide character.
public struct Cell: Equatable, Sendable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", _ style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// What the screen shows, as a value: rendering produces a grid, the curses shell copies the
/// differences to the terminal, and tests compare grids as text.
public struct CellGrid: Equatable, Sendable {
    public let rows: Int
    public let cols: Int
    public private(set) var cells: [Cell]

    public init(rows: Int, cols: Int) {
        self.rows = max(0, rows)
        self.cols = max(0, cols)
        cells = Array(repeating: Cell(), count: self.rows * self.cols)
    }

    public subscript(row: Int, col: Int) -> Cell {
        get { cells[row * cols + col] }
        set { cells[row * cols + col] = newValue }
    }

    /// Writes text from (row, col), clipped at `limit` columns (default: the grid's edge).
    /// Returns the columns used. A wide character that does not fit is replaced by a space.
    @discardableResult
    public mutating func put(_ text: String, row: Int, col: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        guard row >= 0, row < rows, col < cols else { return 0 }
        let end = min(cols, limit.map { col + $0 } ?? cols)
        var column = col
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 {
                // A combining mark joins the previous cell.
                if column > col { self[row, column - 1].text.append(character) }
                continue
            }
            if column + width > end {
                if column < end { self[row, column] = Cell(" ", style) }
                break
            }
            if column >= 0 {
                self[row, column] = Cell(character == "\t" ? " " : String(character), style)
                if width == 2 { self[row, column + 1] = Cell("", style) }
            }
            column += width
        }
        return column - col
    }

    /// Writes styled runs (a laid-out line) with the theme's styles.
    @discardableResult
    public mutating func put(
        _ line: StyledLine, row: Int, col: Int, theme: Theme, limit: Int? = nil, highlight: String? = nil
    ) -> Int {
        var used = 0
        let room = limit ?? (cols - col)
        for run in line.runs {
            guard used < room else { break }
            used += put(run.text, row: row, col: col + used, style: theme.style(run.role), limit: room - used)
        }
        if let highlight, !highlight.isEmpty {
            markMatches(of: highlight, row: row, from: col, to: min(cols, col + room), style: theme.style(.searchMatch))
        }
        return used
    }

    /// Restyles every occurrence of `needle` (case-insensitive) in a row.
    mutating func markMatches(of needle: String, row: Int, from start: Int, to end: Int, style: CellStyle) {
        let texts = (start..<end).map { self[row, $0].text }
        let lowered = texts.map { $0.lowercased() }
        let target = needle.lowercased().map(String.init)
        guard !target.isEmpty else { return }
        var index = 0
        while index < lowered.count {
            var matched = 0
            var cursor = index
            while matched < target.count, cursor < lowered.count {
                if lowered[cursor].isEmpty { cursor += 1; continue }
                if lowered[cursor] != target[matched] { break }
                matched += 1
                cursor += 1
            }
            if matched == target.count {
                for column in index..<cursor { self[row, start + column].style = style }
                index = cursor
            } else {
                index += 1
            }
        }
    }

    public mutating func fill(row: Int, from: Int = 0, to: Int? = nil, style: CellStyle) {
        guard row >= 0, row < rows else { return }
        for column in max(0, from)..<min(cols, to ?? cols) { self[row, column] = Cell(" ", style) }
    }

    /// Draws a box-drawn frame.
    public mutating func box(top: Int, left: Int, height: Int, width: Int, style: CellStyle) {
        guard height >= 2, width >= 2 else { return }
        let bottom = top + height - 1
        let right = left + width - 1
        put("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, col: left, style: style)
        put("└" + String(repeating: "─", count: width - 2) + "┘", row: bottom, col: left, style: style)
        for row in (top + 1)..<bottom {
            put("│", row: row, col: left, style: style)
            put("│", row: row, col: right, style: style)
            for column in (left + 1)..<right where column < cols && row < rows { self[row, column] = Cell(" ", style) }
        }
    }

    /// The grid as text, one line per row, trailing spaces removed: what snapshot tests compare.
    public var text: String {
        (0..<rows).map { row in
            var line = ""
            for column in 0..<cols { line += self[row, column].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// Positions whose cell differs from `other` (same size), row by row: what the shell redraws.
    public func differences(from other: CellGrid?) -> [(row: Int, col: Int)] {
        guard let other, other.rows == rows, other.cols == cols else {
            return (0..<rows).flatMap { row in (0..<cols).map { (row, $0) } }
        }
        var changed: [(row: Int, col: Int)] = []
        for index in cells.indices where cells[index] != other.cells[index] {
            changed.append((index / cols, index % cols))
        }
        return changed
    }
}
