/// A small Swift lexer for colouring code in lessons: keywords, types (capitalised names),
/// strings (with interpolation left plain), numbers, comments (block comments across lines)
/// and attributes. Not a parser: context-sensitive keywords are coloured everywhere.
public struct SwiftHighlighter: Sendable {
    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue",
        "convenience", "default", "defer", "deinit", "didSet", "do", "else", "enum", "extension", "fallthrough",
        "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "indirect", "init",
        "inout", "internal", "is", "isolated", "lazy", "let", "mutating", "nil", "nonisolated", "open", "operator",
        "override", "package", "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self",
        "Self", "set", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
        "typealias", "unowned", "var", "weak", "where", "while", "willSet", "consuming", "borrowing", "sending",
    ]

    public init() {}

    /// Highlights a whole block, line by line, carrying block-comment and multi-line string state.
    public func highlight(_ code: String) -> [[StyledRun]] {
        var state = State.code
        return code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            highlight(line: String(line), state: &state)
        }
    }

    enum State { case code, blockComment(depth: Int), multilineString }

    func highlight(line: String, state: inout State) -> [StyledRun] {
        var runs: [StyledRun] = []
        let characters = Array(line)
        var index = 0
        func emit(_ text: String, _ role: TextRole) {
            guard !text.isEmpty else { return }
            if let last = runs.last, last.role == role {
                runs[runs.count - 1].text += text
            } else {
                runs.append(StyledRun(text, role))
            }
        }
        func peek(_ offset: Int = 0) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            switch state {
            case .blockComment(let depth):
                var text = ""
                var depth = depth
                while index < characters.count {
                    if peek() == "*" && peek(1) == "/" {
                        text += "*/"
                        index += 2
                        depth -= 1
                        if depth == 0 { break }
                    } else if peek() == "/" && peek(1) == "*" {
                        text += "/*"
                        index += 2
                        depth += 1
                    } else {
                        text.append(characters[index])
                        index += 1
                    }
                }
                emit(text, .codeComment)
                state = depth == 0 ? .code : .blockComment(depth: depth)
            case .multilineString:
                var text = ""
                while index < characters.count {
                    if peek() == "\"" && peek(1) == "\"" && peek(2) == "\"" {
                        text += "\"\"\""
                        index += 3
                        state = .code
                        break
                    }
                    text.append(characters[index])
                    index += 1
                }
                emit(text, .codeString)
            case .code:
                let character = characters[index]
                if character == "/" && peek(1) == "/" {
                    emit(String(characters[index...]), .codeComment)
                    index = characters.count
                } else if character == "/" && peek(1) == "*" {
                    state = .blockComment(depth: 1)
                    emit("/*", .codeComment)
                    index += 2
                } else if character == "\"" && peek(1) == "\"" && peek(2) == "\"" {
                    emit("\"\"\"", .codeString)
                    index += 3
                    state = .multilineString
                } else if character == "\"" {
                    var text = "\""
                    index += 1
                    while index < characters.count {
                        let next = characters[index]
                        text.append(next)
                        index += 1
                        if next == "\\" && index < characters.count {
                            text.append(characters[index])
                            index += 1
                        } else if next == "\"" {
                            break
                        }
                    }
                    emit(text, .codeString)
                } else if character == "@" || character == "#" , peek(1)?.isLetter == true {
                    var text = String(character)
                    index += 1
                    while let next = peek(), next.isLetter || next.isNumber || next == "_" {
                        text.append(next)
                        index += 1
                    }
                    emit(text, .codeAttribute)
                } else if character.isNumber {
                    var text = ""
                    while let next = peek(), next.isNumber || next == "." || next == "_" || next == "x" || next.isHexDigit {
                        if next == ".", !(peek(1)?.isNumber ?? false) { break }
                        text.append(next)
                        index += 1
                    }
                    emit(text, .codeNumber)
                } else if character.isLetter || character == "_" {
                    var text = ""
                    while let next = peek(), next.isLetter || next.isNumber || next == "_" {
                        text.append(next)
                        index += 1
                    }
                    if Self.keywords.contains(text) {
                        emit(text, .codeKeyword)
                    } else if text.first?.isUppercase == true {
                        emit(text, .codeType)
                    } else {
                        emit(text, .codePlain)
                    }
                } else {
                    emit(String(character), .codePlain)
                    index += 1
                }
            }
        }
        return runs
    }
}
