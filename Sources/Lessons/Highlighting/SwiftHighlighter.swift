import SwiftParser
import SwiftSyntax

/// Colours Swift code in lessons with the tokens of the Swift parser (the one dikata's grader
/// uses): keywords, types (capitalised names), string literals (interpolated code stays code),
/// numbers, comments and attributes. Lesson snippets need not compile: the parser recovers
/// and every character of the input is still shown, once.
public struct SwiftHighlighter: Sendable {
    public init() {}

    /// Highlights a whole block, one array of runs per line.
    public func highlight(_ code: String) -> [[StyledRun]] {
        var lines: [[StyledRun]] = [[]]
        func emit(_ text: String, _ role: TextRole) {
            for (index, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { lines.append([]) }
                guard !part.isEmpty else { continue }
                if let last = lines[lines.count - 1].last, last.role == role {
                    lines[lines.count - 1][lines[lines.count - 1].count - 1].text += part
                } else {
                    lines[lines.count - 1].append(StyledRun(String(part), role))
                }
            }
        }
        func trivia(_ pieces: Trivia) {
            for piece in pieces {
                var text = ""
                piece.write(to: &text)
                switch piece {
                case .lineComment, .blockComment, .docLineComment, .docBlockComment: emit(text, .codeComment)
                default: emit(text, .codePlain)
                }
            }
        }
        let tree = Parser.parse(source: code)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            trivia(token.leadingTrivia)
            emit(token.text, Self.role(of: token))
            trivia(token.trailingTrivia)
        }
        return lines
    }

    static func role(of token: TokenSyntax) -> TextRole {
        if token.parent?.is(AttributeSyntax.self) == true
            || token.parent?.parent?.is(AttributeSyntax.self) == true
                && token.parent?.is(IdentifierTypeSyntax.self) == true
        {
            return .codeAttribute
        }
        switch token.tokenKind {
        case .keyword: return .codeKeyword
        case .stringSegment, .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter:
            return .codeString
        case .integerLiteral, .floatLiteral: return .codeNumber
        case .identifier(let name) where name.first?.isUppercase == true: return .codeType
        default: return .codePlain
        }
    }
}
