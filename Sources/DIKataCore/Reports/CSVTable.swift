/// The one writer behind every CSV file dikata produces: the CI gradebook and the workshop export.
///
/// Two things make a CSV safe to open in a spreadsheet. Numbers are written as plain numbers, never as
/// text such as `10/10` that a spreadsheet turns into a date. Text that a learner or a participant chose
/// (a folder name, a display name, a check id) and that starts with `=`, `+`, `-`, `@`, a tab or a
/// carriage return is prefixed with `'`, so no spreadsheet evaluates it as a formula (OWASP's advice for
/// CSV injection). Quoting follows RFC 4180, lines end with CRLF.
public struct CSVTable: Sendable, Equatable {
    public enum Cell: Sendable, Equatable {
        case text(String)
        case integer(Int)
        /// A decimal with a fixed number of digits after the point (e.g. seconds with two).
        case decimal(Double, digits: Int)
        case empty
    }

    public var header: [String]
    public var rows: [[Cell]]

    public init(header: [String], rows: [[Cell]] = []) {
        self.header = header
        self.rows = rows
    }

    public func rendered() -> String {
        var lines = [header.map { Self.render(.text($0)) }.joined(separator: ",")]
        for row in rows {
            lines.append(row.map(Self.render).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    public static func render(_ cell: Cell) -> String {
        switch cell {
        case .empty: return ""
        case .integer(let value): return String(value)
        case .decimal(let value, let digits):
            guard value.isFinite else { return "" }
            return formatted(value, digits: digits)
        case .text(let text): return quoted(neutralised(text))
        }
    }

    /// Text a spreadsheet would read as a formula gets a leading `'`.
    static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `1.5` with two digits is `1.50`; written without Foundation's locale-dependent formatting.
    public static func formatted(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
