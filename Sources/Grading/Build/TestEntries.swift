import SwiftParser
import SwiftSyntax

/// The kata's hidden tests declared to Swift Testing once per version of the kata, instead of in
/// every compile of a group of checks.
///
/// `@Test` is a macro: the compiler loads Swift Testing's plugin, expands each test and compiles
/// what it wrote, 5–15 ms a test and about 20 ms more for the plugin, in every compile of a group
/// (after each declaration edit; kata 00's group took 150 ms with its three tests, 100 without).
/// When every test file holds only plain tests (``scan(_:)``), a group compiles a copy of its test
/// files with each `@Test` blanked out (the same length, so every line and column stays), beside
/// a generated entry per test: a function with a fixed symbol name (``symbol(for:)``) that calls
/// the test. The check runner's entry point, which needs nothing of the learner's and is compiled
/// once, declares each test with `@Test` and calls that symbol; the linker joins the two. A test
/// whose file did not compile gets an entry that records why (``stubsSource(_:)``), so every
/// symbol the runner calls is one dikata wrote: a learner's object that defines such a symbol
/// (a global C name) is refused by the safety check before anything runs.
///
/// Swift Testing sees the same tests under the same names (`welcomesByName()`); each runs its
/// body with the isolation it declares (`@MainActor`), and issues point at the test file's lines.
/// They start in the entry point's order (by name), so no check may depend on which runs first.
enum TestEntries {
    /// One plain test: `@Test [@MainActor] func name() [async] [throws]` at file scope.
    struct Test: Codable, Equatable, Sendable {
        var name: String
        var isAsync: Bool
        var isThrowing: Bool
        var isMainActor: Bool
    }

    /// A test file's plain tests, and where its `@Test` attributes are (UTF-8 offsets).
    struct File: Codable, Equatable, Sendable {
        var tests: [Test]
        var attributes: [Range<Int>]
    }

    /// The file's tests, or nil when anything about them is not plain: an `@Test` with arguments
    /// or traits, in a type, in `#if`, on a function with parameters, generics, a result,
    /// modifiers or attributes other than `@MainActor`; a `@Suite`; a syntax error. Such a kata
    /// is compiled with the macros, as before.
    static func scan(_ text: String) -> File? {
        scan(Parser.parse(source: text))
    }

    /// The same, from a parse of the file.
    static func scan(_ tree: SourceFileSyntax) -> File? {
        guard !tree.hasError else { return nil }
        let finder = TestAttributes()
        finder.walk(tree)
        guard !finder.unplain else { return nil }
        var file = File(tests: [], attributes: [])
        for attribute in finder.attributes {
            guard attribute.arguments == nil,
                let function = attribute.parent?.parent?.as(FunctionDeclSyntax.self),
                let item = function.parent?.as(CodeBlockItemSyntax.self),
                item.parent?.parent?.is(SourceFileSyntax.self) == true,
                let test = plainTest(function)
            else { return nil }
            file.tests.append(test)
            file.attributes.append(
                attribute.positionAfterSkippingLeadingTrivia
                    .utf8Offset..<attribute.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return file
    }

    private static func plainTest(_ function: FunctionDeclSyntax) -> Test? {
        let signature = function.signature
        let effects = signature.effectSpecifiers
        guard function.modifiers.isEmpty, function.genericParameterClause == nil,
            function.genericWhereClause == nil, function.body != nil,
            signature.parameterClause.parameters.isEmpty, signature.returnClause == nil,
            effects?.asyncSpecifier.map({ $0.tokenKind == .keyword(.async) }) ?? true,
            effects?.throwsClause.map({ $0.throwsSpecifier.tokenKind == .keyword(.throws) && $0.type == nil }) ?? true,
            case .identifier(let name) = function.name.tokenKind, !name.hasPrefix("`")
        else { return nil }
        var isMainActor = false
        for element in function.attributes {
            guard let attribute = element.as(AttributeSyntax.self), attribute.arguments == nil else { return nil }
            switch attributeName(attribute) {
            case "Test": continue
            case "MainActor": isMainActor = true
            default: return nil
            }
        }
        return Test(
            name: name, isAsync: effects?.asyncSpecifier != nil, isThrowing: effects?.throwsClause != nil,
            isMainActor: isMainActor)
    }

    /// `Test` for `@Test` and `@Testing.Test`.
    fileprivate static func attributeName(_ attribute: AttributeSyntax) -> String? {
        if let name = attribute.attributeName.as(IdentifierTypeSyntax.self) {
            return name.genericArgumentClause == nil ? name.name.text : nil
        }
        if let member = attribute.attributeName.as(MemberTypeSyntax.self),
            member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Testing"
        {
            return member.name.text
        }
        return nil
    }

    /// Every test file's plain tests, by path, when all of them are plain and no two tests share
    /// a name (Swift Testing reports tests by name); nil otherwise.
    static func plan(_ files: [String: File?]) -> [String: File]? {
        var plan: [String: File] = [:]
        var names: Set<String> = []
        for (path, file) in files {
            guard let file else { return nil }
            for test in file.tests {
                guard names.insert(test.name).inserted else { return nil }
            }
            plan[path] = file
        }
        return plan
    }

    /// The symbol of a test's entry: ASCII whatever the test's name.
    static func symbol(for test: String) -> String {
        "dikata_check_" + ContentHash.hex(test.utf8)
    }

    /// `text` with the `@Test` attributes at `attributes` blanked out (spaces, the same length).
    static func plainText(_ text: String, blanking attributes: [Range<Int>]) -> String {
        var bytes = Array(text.utf8)
        for range in attributes where range.lowerBound >= 0 && range.upperBound <= bytes.count {
            for index in range where bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The entry point's declarations of `tests` (sorted by name, so the file only changes with them).
    static func registrationSource(_ tests: [Test]) -> String {
        var lines = [
            "// Written by dikata: the kata's hidden tests, each calling its entry in a group of checks.",
            "import Testing", "",
        ]
        for (index, test) in tests.sorted(by: { $0.name < $1.name }).enumerated() {
            lines.append("@_silgen_name(\"\(symbol(for: test.name))\") func __dikataCheck\(index)() async throws")
            lines.append("@Test func \(test.name)() async throws { try await __dikataCheck\(index)() }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A group's entries for `tests`, each calling the test as it is declared.
    static func entriesSource(_ tests: [Test]) -> String {
        var lines = ["// Written by dikata: the entries the check runner's tests call (see TestEntries).", ""]
        for (index, test) in tests.sorted(by: { $0.name < $1.name }).enumerated() {
            let call = (test.isThrowing ? "try " : "") + (test.isAsync || test.isMainActor ? "await " : "")
            lines.append(
                "@_silgen_name(\"\(symbol(for: test.name))\") func __dikataEntry\(index)() async throws { \(call)\(test.name)() }"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Entries for tests whose file did not compile against the learner's code: each records
    /// that, so no test passes without its body.
    static func stubsSource(_ tests: [Test]) -> String {
        var lines = ["// Written by dikata: tests whose file did not compile (see TestEntries).", "import Testing", ""]
        for (index, test) in tests.sorted(by: { $0.name < $1.name }).enumerated() {
            lines.append(
                "@_silgen_name(\"\(symbol(for: test.name))\") func __dikataStub\(index)() async throws { Issue.record(\"This check does not compile against your code.\") }"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Every `@Test` attribute in a tree, and whether anything else of Swift Testing's that the plain
/// form cannot carry is there (`@Suite`).
private final class TestAttributes: SyntaxVisitor {
    var attributes: [AttributeSyntax] = []
    var unplain = false

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        switch TestEntries.attributeName(node) {
        case "Test": attributes.append(node)
        case "Suite": unplain = true
        default: break
        }
        return .visitChildren
    }
}
