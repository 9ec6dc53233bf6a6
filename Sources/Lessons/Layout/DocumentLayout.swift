import Foundation

/// Lays a Markdown document out into styled lines for a terminal width: wrapped paragraphs,
/// lists with hanging indents, quotes, box-drawn tables, links as text plus URL, and code
/// blocks kept exactly as written (so box-drawn diagrams stay intact) with Swift highlighting.
public struct DocumentLayout: Sendable {
    public var width: Int

    public init(width: Int) { self.width = max(20, width) }

    public func layout(_ blocks: [MarkdownBlock]) -> [StyledLine] {
        var lines: [StyledLine] = []
        for (index, block) in blocks.enumerated() {
            if index > 0 { lines.append(.blank) }
            lines += layout(block, width: width)
        }
        return lines
    }

    // MARK: - Blocks

    func layout(_ block: MarkdownBlock, width: Int) -> [StyledLine] {
        switch block {
        case .heading(let level, let inlines):
            let role: TextRole = level == 1 ? .heading1 : level == 2 ? .heading2 : .heading3
            var lines = wrap(runs(inlines, base: role), width: width)
            if level <= 2, let widest = lines.map(\.width).max() {
                lines.append(StyledLine([StyledRun(String(repeating: level == 1 ? "═" : "─", count: widest), role)]))
            }
            return lines
        case .paragraph(let inlines):
            return wrap(runs(inlines, base: .plain), width: width)
        case .list(let ordered, let start, let items):
            var lines: [StyledLine] = []
            let markerWidth = ordered ? "\(start + items.count - 1). ".count : 2
            for (offset, item) in items.enumerated() {
                let marker = ordered ? "\(start + offset)." : "•"
                let padded = marker.padding(toLength: markerWidth, withPad: " ", startingAt: 0)
                let inner = item.enumerated().flatMap { index, block in
                    (index > 0 ? [StyledLine.blank] : []) + layout(block, width: width - markerWidth)
                }
                for (lineIndex, line) in inner.enumerated() {
                    let prefix =
                        lineIndex == 0
                        ? StyledRun(padded, .listMarker) : StyledRun(String(repeating: " ", count: markerWidth))
                    lines.append(StyledLine([prefix] + line.runs))
                }
            }
            return lines
        case .quote(let blocks):
            let inner = blocks.enumerated().flatMap { index, block in
                (index > 0 ? [StyledLine.blank] : []) + layout(block, width: width - 2)
            }
            return inner.map { line in
                StyledLine(
                    [StyledRun("│ ", .quote)]
                        + line.runs.map { StyledRun($0.text, $0.role == .plain ? .quote : $0.role) })
            }
        case .code(let language, let text):
            return code(text, language: language, width: width)
        case .table(let header, let rows):
            return table(header: header, rows: rows, width: width)
        case .thematicBreak:
            return [StyledLine([StyledRun(String(repeating: "─", count: width), .rule)])]
        case .html(let text):
            return text.split(separator: "\n").map { StyledLine([StyledRun(String($0), .codePlain)]) }
        }
    }

    private func code(_ text: String, language: String?, width: Int) -> [StyledLine] {
        let body: [[StyledRun]]
        if let language, language.lowercased().hasPrefix("swift") {
            body = SwiftHighlighter().highlight(text)
        } else {
            body = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                [StyledRun(String($0), .codePlain)]
            }
        }
        let room = width - 2
        return body.map { runs in
            var line = StyledLine([StyledRun("│ ", .codeFrame)])
            var used = 0
            for run in runs {
                let runWidth = DisplayWidth.of(run.text)
                if used + runWidth <= room {
                    line.runs.append(run)
                    used += runWidth
                } else {
                    // Never wrap code or diagrams: clip and mark the cut.
                    line.runs.append(
                        StyledRun(DisplayWidth.prefix(run.text, fitting: max(0, room - used - 1)), run.role))
                    line.runs.append(StyledRun("›", .codeFrame))
                    break
                }
            }
            return line
        }
    }

    private func table(header: [[MarkdownInline]], rows: [[[MarkdownInline]]], width: Int) -> [StyledLine] {
        let allRows = [header] + rows
        let columns = allRows.map(\.count).max() ?? 0
        guard columns > 0 else { return [] }
        func text(_ cell: [MarkdownInline]) -> String { runs(cell, base: .plain).map(\.text).joined() }
        var widths = (0..<columns).map { column in
            allRows.map { column < $0.count ? DisplayWidth.of(text($0[column])) : 0 }.max() ?? 0
        }
        // Shrink the widest columns until the table fits: borders take 3 per column plus 1.
        let available = width - (3 * columns + 1)
        while widths.reduce(0, +) > available, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > 3
        {
            widths[widest] -= 1
        }
        func border(_ left: String, _ middle: String, _ right: String) -> StyledLine {
            StyledLine([
                StyledRun(
                    left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right,
                    .tableBorder)
            ])
        }
        func row(_ cells: [[MarkdownInline]], role: TextRole) -> StyledLine {
            var line = StyledLine([StyledRun("│", .tableBorder)])
            for column in 0..<columns {
                let value = column < cells.count ? text(cells[column]) : ""
                var shown = value
                if DisplayWidth.of(value) > widths[column] {
                    shown = DisplayWidth.prefix(value, fitting: widths[column] - 1) + "…"
                }
                let padding = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(shown)))
                line.runs.append(StyledRun(" " + shown + padding + " ", role))
                line.runs.append(StyledRun("│", .tableBorder))
            }
            return line
        }
        var lines = [border("┌", "┬", "┐"), row(header, role: .tableHeader), border("├", "┼", "┤")]
        lines += rows.map { row($0, role: .plain) }
        lines.append(border("└", "┴", "┘"))
        return lines
    }

    // MARK: - Inlines

    func runs(_ inlines: [MarkdownInline], base: TextRole) -> [StyledRun] {
        inlines.flatMap { inline -> [StyledRun] in
            switch inline {
            case .text(let text): [StyledRun(text, base)]
            case .emphasis(let children): runs(children, base: base == .plain ? .emphasis : base)
            case .strong(let children): runs(children, base: base == .plain || base == .emphasis ? .strong : base)
            case .strikethrough(let children): runs(children, base: .strikethrough)
            case .code(let text): [StyledRun(text, .inlineCode)]
            case .link(let text, let url): link(runs(text, base: .link), url: url)
            case .image(let alt, let url):
                [StyledRun("[image: \(alt.map(\.plainText).joined())]", .link), StyledRun(" (\(url))", .url)]
            case .softBreak: [StyledRun(" ", base)]
            case .lineBreak: [StyledRun("\n", base)]
            }
        }
    }

    /// A link shows its text, then its URL (unless the text already is the URL).
    private func link(_ label: [StyledRun], url: String) -> [StyledRun] {
        let labelText = label.map(\.text).joined()
        return labelText == url || url.isEmpty ? label : label + [StyledRun(" (\(url))", .url)]
    }

    /// Greedy word wrap that keeps each word's role; a word longer than the line is split.
    public func wrap(_ runs: [StyledRun], width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        var current = StyledLine()
        var used = 0
        func flush() {
            while let last = current.runs.last, last.text.allSatisfy({ $0 == " " }) { current.runs.removeLast() }
            if var last = current.runs.last {
                while last.text.hasSuffix(" ") { last.text.removeLast() }
                current.runs[current.runs.count - 1] = last
            }
            lines.append(current)
            current = StyledLine()
            used = 0
        }
        func append(_ text: String, _ role: TextRole) {
            if let last = current.runs.last, last.role == role {
                current.runs[current.runs.count - 1].text += text
            } else {
                current.runs.append(StyledRun(text, role))
            }
            used += DisplayWidth.of(text)
        }
        for run in runs {
            for token in tokens(run.text) {
                if token == "\n" {
                    flush()
                    continue
                }
                let tokenWidth = DisplayWidth.of(token)
                if token == " " {
                    if used > 0 && used < width { append(" ", run.role) }
                    continue
                }
                if used + tokenWidth > width && used > 0 { flush() }
                var rest = token
                while DisplayWidth.of(rest) > width {
                    let head = DisplayWidth.prefix(rest, fitting: width - used)
                    append(head, run.role)
                    rest = String(rest.dropFirst(head.count))
                    flush()
                }
                append(rest, run.role)
            }
        }
        if !current.runs.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// Words, single spaces and newlines.
    private func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var word = ""
        for character in text {
            if character == " " || character == "\n" {
                if !word.isEmpty { result.append(word) }
                word = ""
                result.append(String(character))
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { result.append(word) }
        return result
    }
}
