import DIKataCore
import SwiftParser
import SwiftSyntax

/// Reads the top-level declarations the package graph draws from one Swift file, with the
/// same parser the grader's checks use: types, function-type aliases and extensions, each with
/// the identifiers its code mentions (comments and string text are not code).
enum GraphDeclarations {
    static func read(_ text: String) -> [PackageGraph.Declaration] {
        declarations(in: Parser.parse(source: text).statements.map(\.item))
    }

    private static func declarations(in items: [CodeBlockItemSyntax.Item]) -> [PackageGraph.Declaration] {
        items.flatMap { item -> [PackageGraph.Declaration] in
            if let conditional = item.as(IfConfigDeclSyntax.self) {
                // Both sides of `#if`: the graph shows what the learner wrote.
                return conditional.clauses.flatMap { clause -> [PackageGraph.Declaration] in
                    guard case .statements(let statements) = clause.elements else { return [] }
                    return declarations(in: statements.map(\.item))
                }
            }
            return declaration(item).map { [$0] } ?? []
        }
    }

    private static func declaration(_ item: CodeBlockItemSyntax.Item) -> PackageGraph.Declaration? {
        let found: (String, PackageGraph.TypeKind)?
        if let type = item.as(ClassDeclSyntax.self) {
            found = (type.name.text, .class)
        } else if let type = item.as(StructDeclSyntax.self) {
            found = (type.name.text, .struct)
        } else if let type = item.as(EnumDeclSyntax.self) {
            found = (type.name.text, .enum)
        } else if let type = item.as(ActorDeclSyntax.self) {
            found = (type.name.text, .actor)
        } else if let type = item.as(ProtocolDeclSyntax.self) {
            found = (type.name.text, .protocol)
        } else if let alias = item.as(TypeAliasDeclSyntax.self), isFunctionType(alias.initializer.value) {
            found = (alias.name.text, .functionType)
        } else if let extensionDecl = item.as(ExtensionDeclSyntax.self),
            let extended = extensionDecl.extendedType.as(IdentifierTypeSyntax.self)
        {
            found = (extended.name.text, .extension)
        } else {
            found = nil
        }
        guard let (name, kind) = found else { return nil }
        let mentions = item.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let word) = token.tokenKind { word } else { nil }
        }
        return PackageGraph.Declaration(name: name, kind: kind, mentions: mentions)
    }

    /// `(Credentials) async throws -> Session`, also behind attributes such as `@Sendable`.
    private static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        return false
    }
}
