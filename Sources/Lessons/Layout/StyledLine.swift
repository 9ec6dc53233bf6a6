/// What a piece of text *is*; the terminal theme decides how each role looks.
public enum TextRole: String, Equatable, Hashable, Sendable, CaseIterable {
    case plain, heading1, heading2, heading3, emphasis, strong, strikethrough
    case inlineCode, link, url, quote, listMarker, rule, tableBorder, tableHeader
    case codePlain, codeKeyword, codeType, codeString, codeNumber, codeComment, codeAttribute, codeFrame
    case searchMatch
}

/// A run of text with one role.
public struct StyledRun: Equatable, Sendable {
    public var text: String
    public var role: TextRole

    public init(_ text: String, _ role: TextRole = .plain) {
        self.text = text
        self.role = role
    }
}

/// One laid-out line of a document.
public struct StyledLine: Equatable, Sendable {
    public var runs: [StyledRun]

    public init(_ runs: [StyledRun] = []) { self.runs = runs }

    public var text: String { runs.map(\.text).joined() }
    public var width: Int { DisplayWidth.of(text) }

    public static let blank = StyledLine()
}
