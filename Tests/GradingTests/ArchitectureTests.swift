import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

extension Slow {
    /// dikata passes the rule it grades: every import names a direct declared dependency, every
    /// declared dependency is imported, and dependencies point inward as docs/ARCHITECTURE.md draws
    /// them. Read from dikata's own manifest (through SwiftPM) and sources (through the parser).
    struct ArchitectureTests {
        /// Which of dikata's modules each module may depend on. Anything else of dikata's is forbidden.
        static let allowed: [String: Set<String>] = [
            "DIKataCore": [],
            "Lessons": ["DIKataCore", "CCmarkGFM"],  // may; today it needs only cmark
            "Grading": ["DIKataCore"],
            "TerminalUI": ["DIKataCore", "Lessons"],
            "CursesShell": ["DIKataCore", "TerminalUI", "CNcursesw"],
            "Workshop": ["DIKataCore"],
            // Grading for its process runner: the host regrades shared code with `dikata grade`.
            "WorkshopHost": ["DIKataCore", "Workshop", "Grading"],
            // The learner's executable never compiles the server stack.
            "dikata": ["DIKataCore", "Lessons", "Grading", "TerminalUI", "CursesShell", "Workshop"],
            "dikata-host": ["DIKataCore", "Workshop", "WorkshopHost", "Grading"],
        ]

        struct Module {
            var target: LearnerPackage.Target
            var imports: Set<String>
        }

        static func modules() async throws -> (LearnerPackage, [Module]) {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            // Its own scratch folder: `swift test` holds the lock on .build while this runs.
            let scratch = Fixtures.runFolder.appendingPathComponent(
                "dikata-architecture-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let dump = await PosixProcessRunner(now: { Date() }).run(
                ProcessRequest(
                    executable: "/usr/bin/env",
                    arguments: [
                        "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
                    ],
                    environment: ProcessInfo.processInfo.environment, timeout: 120, outputLimit: 8 << 20,
                    purpose: "read dikata's own Package.swift"))
            #expect(dump.termination == .exited(0), "\(dump.stderr.text)")
            let package = try LearnerPackage.fromDumpPackageJSON(Data(dump.stdout.text.utf8))
            let modules = package.targets.filter { $0.type != .other }.map { target in
                let folder = root.appendingPathComponent(target.path)
                let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Fixtures/") && !$0.contains("/Fixtures/") }
                var imports: Set<String> = []
                for file in files {
                    let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
                    imports.formUnion(SourceScanner.importLines(in: text).keys)
                }
                return Module(target: target, imports: imports)
            }
            return (package, modules)
        }

        @Test func everyImportIsADirectDeclaredDependencyAndEveryDependencyIsImported() async throws {
            let (_, modules) = try await Self.modules()
            // What the toolchain provides needs no declaration; every other module does.
            let system = Set(KataManifest.defaultSystemModules + ["Testing", "XCTest", "FoundationNetworking"])
            #expect(modules.count >= 10, "Only \(modules.map(\.target.name)) were read.")
            for module in modules {
                let declared = Set(module.target.dependencies)
                let undeclared = module.imports.subtracting(system).subtracting(declared).subtracting([
                    module.target.name
                ])
                #expect(
                    undeclared.isEmpty,
                    "\(module.target.name) imports \(undeclared.sorted()) without declaring it in Package.swift.")
                let unused = declared.subtracting(module.imports)
                #expect(
                    unused.isEmpty,
                    "\(module.target.name) declares \(unused.sorted()) in Package.swift but never imports it.")
            }
        }

        @Test func dependenciesPointInward() async throws {
            let (package, modules) = try await Self.modules()
            let targetNames = Set(package.targets.map(\.name))
            for module in modules {
                guard let allowed = Self.allowed[module.target.name] else { continue }
                let forbidden = Set(module.target.dependencies).intersection(targetNames).subtracting(allowed)
                #expect(
                    forbidden.isEmpty,
                    "\(module.target.name) depends on \(forbidden.sorted()), which docs/ARCHITECTURE.md does not allow."
                )
            }
            #expect(
                Set(Self.allowed.keys).isSubset(of: targetNames),
                "The table names a module Package.swift no longer has.")
        }
    }
}
