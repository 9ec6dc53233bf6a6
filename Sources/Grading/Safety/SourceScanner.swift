import DIKataCore
import SwiftParser
import SwiftSyntax

/// Finds what learner source names (attributes, references, types, declarations) with the
/// real Swift parser, so raw strings, nested comments and string contents cannot hide code
/// or pass for it.
enum SourceScanner {
    /// Everything the checks read from one file, from a single parse.
    static func parse(_ text: String, file: String) -> ParsedSource {
        let tree = Parser.parse(source: text)
        return ParsedSource(
            uses: uses(in: tree, file: file), code: code(of: tree, text: text), importLines: importLines(in: tree),
            plainImports: PlainImports.modules(in: tree))
    }

    private static func uses(in tree: SourceFileSyntax, file: String) -> [SourceUse] {
        let isMain = file == "main.swift" || file.hasSuffix("/main.swift")
        let collector = UseCollector(
            file: file, isMain: isMain, converter: SourceLocationConverter(fileName: file, tree: tree))
        collector.walk(tree)
        return collector.uses
    }

    /// The line of the first `import` of each module (`import struct APIClient.Request` counts
    /// for APIClient); imports in comments or strings are not imports.
    static func importLines(in text: String) -> [String: Int] {
        importLines(in: Parser.parse(source: text))
    }

    private static func importLines(in tree: SourceFileSyntax) -> [String: Int] {
        let finder = ImportFinder(converter: SourceLocationConverter(fileName: "", tree: tree))
        finder.walk(tree)
        return finder.lines
    }

    /// One function's source, from its attributes to its closing brace, as written: a hidden
    /// test's code for CI reports. Nil when `source` declares no function called `name`.
    static func function(named name: String, in source: String) -> String? {
        let tree = Parser.parse(source: source)
        let finder = FunctionFinder(name: name)
        finder.walk(tree)
        return finder.found?.trimmedDescription
    }

    /// The file's code as the compiler reads it, for lint checks: comments and the contents of
    /// string literals (raw, multi-line and interpolated ones included) are blanked with
    /// spaces, one for each character, keeping every newline, so line numbers stay right and
    /// neither a comment nor a string can pass for code, or hide it. Interpolated expressions
    /// stay code.
    static func code(of text: String) -> String {
        code(of: Parser.parse(source: text), text: text)
    }

    /// The parse of `text` read back over `text`'s own bytes: code and whitespace are copied as
    /// they are, and only a token's trivia that holds a `/` (every comment starts with one) is
    /// taken apart into its pieces. (Building every token's trivia as values cost an
    /// empty-cache grade tens of milliseconds in a debug build.)
    private static func code(of tree: SourceFileSyntax, text: String) -> String {
        var text = text
        return text.withUTF8 { source in
            var output: [UInt8] = []
            output.reserveCapacity(source.count)
            func copy(_ range: Range<Int>) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
            }
            func blank(_ range: Range<Int>) {
                for character in String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self) {
                    if character.isNewline { output.append(contentsOf: character.utf8) } else { output.append(0x20) }
                }
            }
            func trivia(_ range: Range<Int>, _ pieces: @autoclosure () -> Trivia) {
                guard source.firstIndex(of: UInt8(ascii: "/"), in: range) != nil else { return copy(range) }
                var start = range.lowerBound
                for piece in pieces() {
                    let end = start + piece.sourceLength.utf8Length
                    switch piece {
                    case .lineComment, .blockComment, .docLineComment, .docBlockComment: blank(start..<end)
                    default: copy(start..<end)
                    }
                    start = end
                }
            }
            for token in tree.tokens(viewMode: .sourceAccurate) {
                let start = token.position.utf8Offset
                let textStart = token.positionAfterSkippingLeadingTrivia.utf8Offset
                let textEnd = token.endPositionBeforeTrailingTrivia.utf8Offset
                trivia(start..<textStart, token.leadingTrivia)
                if isStringSegment(token) { blank(textStart..<textEnd) } else { copy(textStart..<textEnd) }
                trivia(textEnd..<token.endPosition.utf8Offset, token.trailingTrivia)
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// A string literal's text. Its parent says so without building the token's kind (which
    /// makes a `String` of every identifier); only a token the parser could not place is asked.
    private static func isStringSegment(_ token: TokenSyntax) -> Bool {
        switch token.parent?.kind {
        case .stringSegment: true
        case .unexpectedNodes, nil:
            if case .stringSegment = token.tokenKind { true } else { false }
        default: false
        }
    }
}

private final class UseCollector: SyntaxVisitor {
    let file: String
    let isMain: Bool
    let converter: SourceLocationConverter
    var uses: [SourceUse] = []

    init(file: String, isMain: Bool, converter: SourceLocationConverter) {
        self.file = file
        self.isMain = isMain
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func add(_ node: some SyntaxProtocol, _ kind: SourceUse.Kind, _ name: String, base: String? = nil) {
        let line = node.startLocation(converter: converter).line
        uses.append(
            SourceUse(
                file: file, line: line, kind: kind, name: name, base: base,
                entryOnly: isMain && !insideDeclaration(node)))
    }

    /// Inside a function, accessor, type, extension or type alias: code others can call or name.
    private func insideDeclaration(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self)
                || syntax.is(DeinitializerDeclSyntax.self) || syntax.is(AccessorBlockSyntax.self)
                || syntax.is(SubscriptDeclSyntax.self) || syntax.is(StructDeclSyntax.self)
                || syntax.is(ClassDeclSyntax.self)
                || syntax.is(EnumDeclSyntax.self) || syntax.is(ActorDeclSyntax.self)
                || syntax.is(ExtensionDeclSyntax.self)
                || syntax.is(ProtocolDeclSyntax.self) || syntax.is(TypeAliasDeclSyntax.self)
                || syntax.is(MacroDeclSyntax.self)
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        add(node, .attribute, node.attributeName.trimmedDescription)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            add(node, .member, node.baseName.text, base: member.base?.trimmedDescription)
        } else {
            add(node, .reference, node.baseName.text)
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        add(node, .type, node.name.text)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        add(node, .type, node.name.text)
        return .visitChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        if let detail = node.detail {
            add(node, .modifier, node.name.text + "(" + detail.detail.text + ")")
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node, .declaration, node.name.text)
        return .visitChildren
    }
}

/// Finds the first function declaration with a given name.
private final class FunctionFinder: SyntaxVisitor {
    let name: String
    var found: FunctionDeclSyntax?

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if found == nil && node.name.text == name { found = node }
        return found == nil ? .visitChildren : .skipChildren
    }
}

/// Finds `import` declarations (at file scope and in `#if` blocks) and their lines.
private final class ImportFinder: SyntaxVisitor {
    let converter: SourceLocationConverter
    var lines: [String: Int] = [:]

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text, lines[module] == nil {
            lines[module] = node.importKeyword.startLocation(converter: converter).line
        }
        return .skipChildren
    }

    // Imports are declarations at file scope: nothing inside a function or type is one.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
