import SwiftParser
import SwiftSyntax

/// Whether a Package.swift only declares: `import PackageDescription` and one
/// `let package = Package(…)` built from literals and PackageDescription's own members
/// (`.target(name: "App", dependencies: ["Login"])`, `.macOS(.v13)`, …). Running such a
/// manifest can print nothing but what its text says, wherever the package is: what
/// `swift package dump-package` printed for it in one package holds for every package with the
/// same text (``ManifestReader`` keeps it for all build folders).
///
/// Anything else is not plain and is read in its own package: other imports or statements, a
/// call or member of anything but PackageDescription's inferred members (`Context`,
/// `ProcessInfo`, `String(contentsOfFile:)`), string interpolation, `#if`, macros such as
/// `#filePath`, closures, and `.package(…)`, whose path is resolved against the package's folder.
enum PlainManifest {
    static func isPlain(_ text: String) -> Bool {
        let tree = Parser.parse(source: text)
        guard !tree.hasError else { return false }
        var sawPackage = false
        for item in tree.statements {
            if let declaration = item.item.as(ImportDeclSyntax.self) {
                guard declaration.attributes.isEmpty, declaration.importKindSpecifier == nil,
                    declaration.path.count == 1, declaration.path.first?.name.text == "PackageDescription"
                else { return false }
            } else if let variable = item.item.as(VariableDeclSyntax.self) {
                guard !sawPackage, isPackageDeclaration(variable) else { return false }
                sawPackage = true
            } else {
                return false
            }
        }
        return sawPackage
    }

    /// `let package = Package(…)` with plain arguments.
    private static func isPackageDeclaration(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.attributes.isEmpty, variable.modifiers.isEmpty,
            variable.bindingSpecifier.tokenKind == .keyword(.let),
            variable.bindings.count == 1, let binding = variable.bindings.first,
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "package",
            binding.typeAnnotation == nil, binding.accessorBlock == nil,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package"
        else { return false }
        return isPlainCall(call, named: "Package")
    }

    private static func isPlainCall(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
        call.trailingClosure == nil && call.additionalTrailingClosures.isEmpty
            && !unplainCalls.contains(name) && call.arguments.allSatisfy { isPlain($0.expression) }
    }

    /// PackageDescription members whose result depends on more than the manifest's text.
    private static let unplainCalls: Set<String> = ["package", "binaryTarget", "plugin", "macro", "systemLibrary"]

    private static func isPlain(_ expression: ExprSyntax) -> Bool {
        if expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(NilLiteralExprSyntax.self)
        {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isPlain($0.expression) }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            // `.v13`, `.product`: a leading dot, PackageDescription's own member.
            return member.base == nil && !unplainCalls.contains(member.declName.baseName.text)
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
        {
            return isPlainCall(call, named: member.declName.baseName.text)
        }
        return false
    }
}
