import SwiftParser
import SwiftSyntax

/// Reads a file's imports in-process when the parser alone decides them, giving exactly what
/// `swiftc -frontend -emit-imported-modules` prints: each imported module once, in the order of
/// its first import, as its top-level name (`import struct Items.Item` and `import Items.Sub`
/// are `Items`; `@_exported`, `@testable` and `@preconcurrency` imports are imports).
///
/// Nil — ask the compiler — whenever a compiler's answer could differ: an `import` inside any
/// `#if` (only the compiler knows `canImport`, `os`, `-D` flags, …), an `import` anywhere but
/// at file scope, a backquoted name, or a file with any syntax error.
enum PlainImports {
    static func modules(in text: String) -> [String]? {
        modules(in: Parser.parse(source: text))
    }

    /// The same, from a file's parse (``ParsedSources`` parses each file once for every check).
    static func modules(in tree: SourceFileSyntax) -> [String]? {
        guard !tree.hasError else { return nil }
        let finder = AllImports()
        finder.walk(tree)
        guard !finder.undecided else { return nil }
        var modules: [String] = []
        for declaration in finder.imports {
            guard isAtFileScope(declaration), let first = declaration.path.first,
                declaration.importKindSpecifier == nil || declaration.path.count > 1
            else { return nil }
            let name = first.name.text
            guard !name.isEmpty, !name.contains("`") else { return nil }
            if !modules.contains(name) { modules.append(name) }
        }
        return modules
    }

    /// Directly in the file's statements: not in a `#if` clause, a function, a type or a closure.
    private static func isAtFileScope(_ declaration: ImportDeclSyntax) -> Bool {
        guard let item = declaration.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        return list.parent?.is(SourceFileSyntax.self) == true
    }
}

/// Every `import` declaration in a tree, wherever it is, and whether an `#if` holds one.
private final class AllImports: SyntaxVisitor {
    var imports: [ImportDeclSyntax] = []
    var undecided = false

    init() { super.init(viewMode: .all) }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        imports.append(node)
        return .skipChildren
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        // Anything that even looks like an import in a conditional block goes to the compiler.
        if node.description.contains("import") { undecided = true }
        return .visitChildren
    }
}
