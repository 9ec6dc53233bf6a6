import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Grading

/// Issue 15: one frontend that writes a target's object and its module writes the module first
/// (after type-checking and SIL, before the object's code generation), so what depends on the
/// module starts while the object still compiles. The module's path is looked at while the
/// compile runs; the last compile's module is removed first, so only this compile's counts.
struct ModuleWatchTests {
    let scratch = Fixtures.runFolder.appendingPathComponent(
        "dikata-module-watch-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)

    /// Answers a compile of Login as its frontend would: the module is written, then the object
    /// takes a while (until the test says it is done, or 10,000 turns). No plan can be made.
    final class Frontend: ProcessRunning {
        let module: URL
        let writesModule: Bool
        let objectDone = Mutex(false)
        /// What the compile saw, in order.
        let seen = Mutex<[String]>([])

        init(module: URL, writesModule: Bool = true) {
            self.module = module
            self.writesModule = writesModule
        }

        func run(_ request: ProcessRequest) async -> ProcessResult {
            guard request.purpose == "compile Login" else { return Self.result(1) }
            let old = FileManager.default.contents(atPath: module.path).map { String(decoding: $0, as: UTF8.self) }
            seen.withLock { $0.append(old.map { "module: \($0)" } ?? "no module") }
            if writesModule {
                let written = FileManager.default.createFile(atPath: module.path, contents: Data("new".utf8))
                seen.withLock { $0.append(written ? "module written" : "module not written") }
            }
            for _ in 0..<10_000 where !objectDone.withLock({ $0 }) { await Task.yield() }
            seen.withLock { $0.append("object written") }
            return Self.result(writesModule ? 0 : 1)
        }

        static func result(_ status: Int32) -> ProcessResult {
            ProcessResult(termination: .exited(status), stdout: .empty, stderr: .empty, duration: 0)
        }
    }

    func compiler(_ runner: Frontend, looks: Bool = true) -> SwiftCompiler {
        var compiler = SwiftCompiler(
            environment: .scripted, runner: runner, buildDirectory: scratch, hiddenPaths: [], timeout: 60)
        if looks { compiler.pause = { _ in await Task.yield() } }
        return compiler
    }

    func login(symbolGraph: URL? = nil, separateModule: Bool = false) -> SwiftCompiler.ModuleCompile {
        SwiftCompiler.ModuleCompile(
            name: "Login", files: [scratch.appendingPathComponent("Login.swift").path], includeDirectories: [],
            object: scratch.appendingPathComponent("Login.o"), module: module, isExecutable: false,
            hasTopLevelCode: false, settings: [], symbolGraph: symbolGraph, separateModule: separateModule)
    }

    var module: URL { scratch.appendingPathComponent("Login.swiftmodule") }

    func withOldModule() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: module)
    }

    @Test("the module is announced while the object still compiles, and the last compile's module is removed first")
    func announcedBeforeTheObject() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try withOldModule()
        let runner = Frontend(module: module)
        let result = await compiler(runner).compileModule(login()) {
            runner.seen.withLock { $0.append("announced") }
            runner.objectDone.withLock { $0 = true }
        }
        #expect(result.termination.succeeded)
        #expect(runner.seen.withLock { $0 } == ["no module", "module written", "announced", "object written"])
    }

    @Test("a compile that writes no module announces none")
    func failedCompileAnnouncesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try withOldModule()
        let runner = Frontend(module: module, writesModule: false)
        runner.objectDone.withLock { $0 = true }
        let result = await compiler(runner).compileModule(login()) {
            runner.seen.withLock { $0.append("announced") }
        }
        #expect(!result.termination.succeeded)
        #expect(runner.seen.withLock { $0 } == ["no module", "object written"])
        #expect(!FileManager.default.fileExists(atPath: module.path), "the old module was left to be read")
    }

    @Test("without a clock to look with, or with a module job of its own, the compile runs as before")
    func noLookWithoutAClockOrWithAModuleJob() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (looks, compile) in [
            (false, login()), (true, login(separateModule: true)),
            (true, login(symbolGraph: scratch.appendingPathComponent("graph"))),
        ] {
            try withOldModule()
            let runner = Frontend(module: module, writesModule: false)
            runner.objectDone.withLock { $0 = true }
            _ = await compiler(runner, looks: looks).compileModule(compile) {
                runner.seen.withLock { $0.append("announced") }
            }
            // The module file is the frontend's to replace; nothing announced it early.
            #expect(runner.seen.withLock { $0 } == ["module: old", "object written"])
        }
    }
}
