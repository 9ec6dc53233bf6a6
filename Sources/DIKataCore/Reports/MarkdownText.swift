/// Escaping for learner text (file names, compiler messages, printed output) placed in Markdown, so
/// it can neither close a code span nor inject HTML (GitHub step summaries and Gradescope render it).
enum MarkdownText {
    /// Inline text: `<`, `>` and `&` as HTML entities, `|` escaped for table cells, one line.
    static func inline(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "|": result += "\\|"
            case "\n", "\r", "\r\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// A code span whose fence is longer than any run of backticks inside (CommonMark 6.1).
    static func codeSpan(_ text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        let fence = String(repeating: "`", count: longestBacktickRun(in: oneLine) + 1)
        // A space on each side keeps a leading or trailing backtick off the fence.
        let padded = oneLine.hasPrefix("`") || oneLine.hasSuffix("`") ? " \(oneLine) " : oneLine
        return fence + padded + fence
    }

    /// A fenced code block whose fence is longer than any run of backticks inside (at least three).
    static func codeBlock(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\r\n", with: "\n")
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: body) + 1))
        return "\(fence)\n\(body.hasSuffix("\n") ? String(body.dropLast()) : body)\n\(fence)"
    }

    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
