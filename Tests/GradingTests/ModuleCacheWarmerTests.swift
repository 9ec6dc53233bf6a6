import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// Issue 15, cold grades: on an empty module cache, Foundation's C modules are built while
/// Package.swift is read, before the check runner's entry point; never when the cache has them
/// or nothing imports Foundation. No compiler runs here.
struct ModuleCacheWarmerTests {
    let clock = TestClock()
    let scratch = Fixtures.runFolder.appendingPathComponent(
        "dikata-warm-up-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)

    @Test(arguments: [
        ("import Foundation\n", true),
        ("@testable import Foundation\n", true),
        ("public import FoundationEssentials\n", true),
        ("import struct Foundation.URL\n", true),
        ("import Login\n\nfunc f() {}\n", false),
        ("// Foundation is not imported here\nimport Login\n", false),
        ("let text = \"Foundation\"\n", false),
    ])
    func aFileImportsFoundationOnlyOnAnImportLine(text: String, imports: Bool) {
        #expect(ModuleCacheWarmer.importsFoundation(text) == imports)
    }

    @Test func theCacheHoldsFoundationOnceAnyOfItsFoldersHasItsShims() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = scratch.appendingPathComponent("module-cache", isDirectory: true)
        #expect(!ModuleCacheWarmer.holdsFoundation(cache), "no cache at all")
        let testing = cache.appendingPathComponent("3W0TM4NULR27S", isDirectory: true)
        try FileManager.default.createDirectory(at: testing, withIntermediateDirectories: true)
        try Data().write(to: testing.appendingPathComponent("SwiftShims-1ABC.pcm"))
        #expect(!ModuleCacheWarmer.holdsFoundation(cache), "only the modules under Testing")
        let foundation = cache.appendingPathComponent("2C5VACBYE3HCI", isDirectory: true)
        try FileManager.default.createDirectory(at: foundation, withIntermediateDirectories: true)
        try Data().write(to: foundation.appendingPathComponent("_FoundationCShims-2DEF.pcm"))
        #expect(ModuleCacheWarmer.holdsFoundation(cache))
    }

    // MARK: - In a grade

    func grade(source: String, foundationInCache: Bool) async throws -> [ProcessRequest] {
        var environment = GradingEnvironment.scripted
        environment.cacheRoot = scratch.appendingPathComponent("cache", isDirectory: true)
        if foundationInCache {
            let folder = environment.moduleCache.appendingPathComponent("2C5VACBYE3HCI", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: folder.appendingPathComponent("_FoundationCShims-2DEF.pcm"))
        }
        let package = scratch.appendingPathComponent("package", isDirectory: true)
        let sources = package.appendingPathComponent("Sources/Items", isDirectory: true)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try source.write(to: sources.appendingPathComponent("Item.swift"), atomically: true, encoding: .utf8)
        try "Pakage()\n".write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let runner = ScriptedProcessRunner([
            .init("read Package.swift", .exits(1, stderr: "Package.swift:1:1: error: cannot find 'Pakage' in scope")),
            .init("check \(ModuleCacheWarmer.moduleName)", repeats: true, .exits(0)),
            .init("plan: check \(ModuleCacheWarmer.moduleName)", repeats: true, .exits(0)),
            .init("compile HiddenChecks", repeats: true, .exits(0)),
            .init("plan: compile HiddenChecks", repeats: true, .exits(0)),
        ])
        let kata = Kata(
            manifest: SampleVerdicts.kata, directory: scratch.appendingPathComponent("kata", isDirectory: true))
        _ = try await Grader(environment: environment, runner: runner, now: clock.now, pause: clock.pause)
            .grade(kata, package: package)
        return runner.requests
    }

    @Test func anEmptyCacheIsWarmedBeforeTheEntryPointCompiles() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let requests = try await grade(source: "import Foundation\nstruct Item {}\n", foundationInCache: false)
        let purposes = requests.map(\.purpose)
        let warm = try #require(purposes.firstIndex(of: "check \(ModuleCacheWarmer.moduleName)"))
        let entry = try #require(purposes.firstIndex(of: "compile HiddenChecks"))
        #expect(warm < entry)
        #expect(purposes.filter { $0 == "check \(ModuleCacheWarmer.moduleName)" }.count == 1)
        // A type-check of dikata's own file that imports Foundation, into the grade's module
        // cache, in the sandbox like every compile.
        let line = requests[warm].arguments.joined(separator: " ")
        let moduleCache = scratch.appendingPathComponent("cache/module-cache", isDirectory: true).path
        #expect(line.contains("-typecheck"))
        #expect(line.contains("-module-cache-path \(moduleCache)"))
        #expect(line.contains("--unshare"))
        let file = try #require(requests[warm].arguments.last)
        #expect(file.hasSuffix("/warm-up/\(ModuleCacheWarmer.moduleName).swift"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "import Foundation\n")
    }

    @Test(arguments: [
        ("import Foundation\nstruct Item {}\n", true),
        ("struct Item {}\n", false),
    ])
    func nothingIsWarmedWhenTheCacheHasFoundationOrNothingImportsIt(source: String, inCache: Bool) async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let purposes = try await grade(source: source, foundationInCache: inCache).map(\.purpose)
        #expect(!purposes.contains("check \(ModuleCacheWarmer.moduleName)"))
        #expect(purposes.contains("compile HiddenChecks"))
    }
}
