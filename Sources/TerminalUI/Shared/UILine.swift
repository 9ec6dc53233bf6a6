import Lessons

/// A line of a screen: text segments with their cell styles.
public struct UILine: Equatable, Sendable {
    public var segments: [(text: String, style: CellStyle)]

    public init(_ segments: [(text: String, style: CellStyle)] = []) { self.segments = segments }

    public init(_ text: String, _ style: CellStyle = .plain) { self.segments = [(text, style)] }

    public init(_ line: StyledLine, theme: Theme, indent: Int = 0) {
        segments =
            (indent > 0 ? [(String(repeating: " ", count: indent), CellStyle.plain)] : [])
            + line.runs.map { ($0.text, theme.style($0.role)) }
    }

    public var text: String { segments.map(\.text).joined() }

    public static func == (lhs: UILine, rhs: UILine) -> Bool {
        lhs.segments.count == rhs.segments.count
            && zip(lhs.segments, rhs.segments).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }

    public static let blank = UILine()

    mutating func append(_ text: String, _ style: CellStyle = .plain) { segments.append((text, style)) }
}

extension CellGrid {
    mutating func put(_ line: UILine, row: Int, col: Int, limit: Int? = nil) {
        var used = 0
        let room = limit ?? (cols - col)
        for segment in line.segments where used < room {
            used += put(segment.text, row: row, col: col + used, style: segment.style, limit: room - used)
        }
    }
}
