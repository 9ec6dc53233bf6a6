/// A Markdown document as plain Swift values (converted from cmark's tree at once, so nothing
/// holds a C pointer).
public indirect enum MarkdownBlock: Equatable, Sendable {
    case heading(level: Int, [MarkdownInline])
    case paragraph([MarkdownInline])
    case list(ordered: Bool, start: Int, items: [[MarkdownBlock]])
    case quote([MarkdownBlock])
    /// A fenced or indented code block; `language` is the first word of the info string.
    case code(language: String?, text: String)
    case table(header: [[MarkdownInline]], rows: [[[MarkdownInline]]])
    case thematicBreak
    case html(String)
}

public indirect enum MarkdownInline: Equatable, Sendable {
    case text(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case strikethrough([MarkdownInline])
    case code(String)
    case link(text: [MarkdownInline], url: String)
    case image(alt: [MarkdownInline], url: String)
    case softBreak
    case lineBreak

    /// The text without any markup.
    public var plainText: String {
        switch self {
        case .text(let text), .code(let text): text
        case .emphasis(let children), .strong(let children), .strikethrough(let children):
            children.map(\.plainText).joined()
        case .link(let text, _), .image(let text, _): text.map(\.plainText).joined()
        case .softBreak, .lineBreak: " "
        }
    }
}
