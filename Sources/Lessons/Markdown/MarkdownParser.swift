import CCmarkGFM
import Synchronization

/// cmark-gfm (Debian's 0.29) keeps state for the whole process and guards none of it: the
/// registry its extensions are registered in once, and the table of characters inline parsing
/// stops at, which every parse with the table and strikethrough extensions adds to and takes
/// back when it ends. Two parses at once lose each other's extensions, so they take turns. The
/// lock guards the C library's state, which is one per process, so it is one per process too.
private let cmarkParses = Mutex(())

/// Parses GitHub-flavoured Markdown (tables and strikethrough included) with cmark-gfm and
/// converts the result into `MarkdownBlock` values. One parse at a time in the process (see
/// `cmarkParses`).
public struct MarkdownParser: Sendable {
    public init() {}

    public func parse(_ text: String) -> [MarkdownBlock] {
        cmarkParses.withLock { _ in parseAlone(text) }
    }

    private func parseAlone(_ text: String) -> [MarkdownBlock] {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return [.paragraph([.text(text)])] }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        cmark_parser_feed(parser, text, text.utf8.count)
        guard let document = cmark_parser_finish(parser) else { return [] }
        defer { cmark_node_free(document) }
        return children(of: document).compactMap(block)
    }

    // MARK: - Conversion

    private func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private func typeName(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    private func block(_ node: OpaquePointer) -> MarkdownBlock? {
        switch typeName(node) {
        case "heading":
            return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(of: node))
        case "paragraph":
            return .paragraph(inlines(of: node))
        case "list":
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let items = children(of: node).map { children(of: $0).compactMap(block) }
            return .list(ordered: ordered, start: Int(cmark_node_get_list_start(node)), items: items)
        case "block_quote":
            return .quote(children(of: node).compactMap(block))
        case "code_block":
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let language = info.split(separator: " ").first.map(String.init)
            var text = literal(node)
            if text.hasSuffix("\n") { text.removeLast() }
            return .code(language: language?.isEmpty == false ? language : nil, text: text)
        case "thematic_break":
            return .thematicBreak
        case "html_block":
            return .html(literal(node))
        case "table":
            let rows = children(of: node).map { row in children(of: row).map { inlines(of: $0) } }
            guard let header = rows.first else { return nil }
            return .table(header: header, rows: Array(rows.dropFirst()))
        default:
            let nested = children(of: node).compactMap(block)
            return nested.isEmpty ? nil : .quote(nested)
        }
    }

    private func inlines(of node: OpaquePointer) -> [MarkdownInline] {
        children(of: node).compactMap(inline)
    }

    private func inline(_ node: OpaquePointer) -> MarkdownInline? {
        switch typeName(node) {
        case "text": return .text(literal(node))
        case "emph": return .emphasis(inlines(of: node))
        case "strong": return .strong(inlines(of: node))
        case "strikethrough": return .strikethrough(inlines(of: node))
        case "code": return .code(literal(node))
        case "softbreak": return .softBreak
        case "linebreak": return .lineBreak
        case "link":
            return .link(text: inlines(of: node), url: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        case "image":
            return .image(alt: inlines(of: node), url: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
        case "html_inline": return .text(literal(node))
        default:
            let nested = inlines(of: node)
            return nested.isEmpty ? nil : .emphasis(nested)
        }
    }
}
