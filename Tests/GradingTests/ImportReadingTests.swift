import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// The import scan reads plain files in-process and asks the compiler only when a compiler's
/// answer could differ. The expected lists are what `swiftc -frontend -emit-imported-modules`
/// printed for the same text (Swift 6.3.1).
struct ImportReadingTests {
    @Test func aPlainFileListsEachModuleOnceByItsTopLevelNameInOrder() {
        let text = """
            import Foundation
            @_exported import APIClient
            @testable import Login
            import struct Items.Item
            import func Glibc.exit
            @preconcurrency import Dispatch
            import Foundation
            import Swift
            import Foundation.NSString
            import Zed
            public struct S { func f() { print("import Nope") } }
            // import Commented
            /* import Hidden */
            """
        #expect(
            PlainImports.modules(in: text) == [
                "Foundation", "APIClient", "Login", "Items", "Glibc", "Dispatch", "Swift", "Zed",
            ])
    }

    @Test func aFileWithoutImportsHasNone() {
        #expect(PlainImports.modules(in: "") == [])
        #expect(PlainImports.modules(in: "struct A {}\n") == [])
    }

    @Test func anIfThatHoldsNoImportDoesNotNeedTheCompiler() {
        let text = "import Login\n#if DEBUG\nlet debug = true\n#endif\n"
        #expect(PlainImports.modules(in: text) == ["Login"])
    }

    @Test(
        arguments: [
            // Only the compiler knows what can be imported, the platform and the -D flags.
            "import Foundation\n#if canImport(Items)\nimport Items\n#endif\n",
            "#if canImport(Glibc)\n@_exported import Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n",
            "#if DEBUG\nimport Login\n#else\nimport Items\n#endif\n",
            "#if false\nimport APIClient\n#endif\n",
            "#if os(Linux)\n#if swift(>=6)\nimport Login\n#endif\n#endif\n",
            "#if compiler(>=99)\n@_exported import Login\n#endif\n",
            "struct A {\n#if DEBUG\nimport Login\n#endif\n}\n",
        ])
    func anImportUnderAnIfGoesToTheCompiler(text: String) {
        #expect(PlainImports.modules(in: text) == nil)
    }

    @Test(
        arguments: [
            // Not at file scope: the compiler rejects it; its answer decides.
            "import A\nfunc f() {\n import B\n}\n",
            // Syntax errors: the compiler may list some imports or fail.
            "import A\nlet x = (\nimport C\n",
            "import A.\n",
            // Names and forms the parser alone should not decide.
            "import `Login`\n",
            "import struct Items\n",
        ])
    func anythingUnusualGoesToTheCompiler(text: String) {
        #expect(PlainImports.modules(in: text) == nil)
    }

    @Test func theScanStartsTheCompilerOnlyForFilesWithConditionalImports() async throws {
        let root = Fixtures.runFolder.appendingPathComponent(
            "dikata-import-reading-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = BuildFolder(root: root.appendingPathComponent("build", isDirectory: true))
        try FileManager.default.createDirectory(at: folder.root, withIntermediateDirectories: true)
        let runner = ScriptedProcessRunner([
            .init("list the imports of Conditional.swift", .exits(0, stdout: "Foundation\nItems\n"))
        ])
        let scanner = ImportScanner(
            compiler: SwiftCompiler(
                environment: .scripted, runner: runner, buildDirectory: folder.root, hiddenPaths: [], timeout: 10),
            cache: .json(folder.root), parallelism: 1, parsed: ParsedSources(folder: folder))
        let package = LearnerPackage(
            name: "Kata", targets: [.init(name: "Login", type: .regular, path: "Sources/Login", dependencies: [])])
        let snapshot = PackageSnapshot(
            root: root.appendingPathComponent("snapshot", isDirectory: true),
            files: [
                "Sources/Login/Plain.swift": "@_exported import APIClient\nimport Foundation\n",
                "Sources/Login/Conditional.swift": "import Foundation\n#if canImport(Items)\nimport Items\n#endif\n",
            ], problems: [], notes: [])

        for _ in 0..<2 {  // the second scan answers both files from the cache
            let found = await scanner.scan(package: package, snapshot: snapshot, flags: [:])
            let byFile = Dictionary(uniqueKeysWithValues: found.map { ($0.file, $0) })
            #expect(byFile["Sources/Login/Plain.swift"]?.modules == ["APIClient", "Foundation"])
            #expect(byFile["Sources/Login/Plain.swift"]?.lines == ["APIClient": 1, "Foundation": 2])
            #expect(byFile["Sources/Login/Conditional.swift"]?.modules == ["Foundation", "Items"])
            #expect(byFile["Sources/Login/Conditional.swift"]?.lines == ["Foundation": 1, "Items": 3])
        }
        #expect(runner.requests.map(\.purpose) == ["list the imports of Conditional.swift"])
    }
}
