import Foundation

/// Builds Foundation's C modules (Glibc, Dispatch, Foundation's shims and ICU) into an empty
/// module cache while Package.swift is still being read.
///
/// On a first grade the first target that imports Foundation builds them: about 0.65 s of one
/// core, in kata 06 inside KataSupport's compile, which every other target and the checks wait
/// for. Reading Package.swift leaves a core free for that long, so the modules are built then,
/// by type-checking a file of dikata's own that only imports Foundation, with the flags every
/// compile of a grade uses (the module cache keys its modules by them). It changes nothing a
/// grade compiles or decides: a compile finds the modules built instead of building them.
struct ModuleCacheWarmer {
    var moduleCache: URL
    /// Where the warm-up file is written (a folder of the grade's build folder).
    var folder: URL
    var compiler: SwiftCompiler

    static let moduleName = "DIKataWarmUp"
    static let source = "import Foundation\n"

    /// Whether a grade of `sources` (the texts of the Swift files it compiles, read only when
    /// the module cache lacks the modules) would build Foundation's C modules itself.
    func isNeeded(for sources: () -> [String]) -> Bool {
        !Self.holdsFoundation(moduleCache) && sources().contains(where: Self.importsFoundation)
    }

    /// Type-checks the warm-up file. It takes no compile slot: it runs while Package.swift is
    /// read, before the learner's targets start, and the targets that need its modules wait
    /// for it (``LearnerBuild/warmedUp``).
    func warm() async {
        let file = folder.appendingPathComponent("\(Self.moduleName).swift")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard (try? Data(Self.source.utf8).write(to: file, options: .atomic)) != nil else { return }
        _ = await compiler.typecheck(moduleName: Self.moduleName, files: [file.path], includeDirectories: [])
    }

    /// Whether any folder of the module cache holds a Foundation C module: Foundation's own
    /// shims on Linux, the framework's module on macOS.
    static func holdsFoundation(_ moduleCache: URL) -> Bool {
        let manager = FileManager.default
        guard let folders = try? manager.contentsOfDirectory(atPath: moduleCache.path) else { return false }
        return folders.contains { name in
            let files = (try? manager.contentsOfDirectory(atPath: moduleCache.appendingPathComponent(name).path)) ?? []
            return files.contains { $0.hasPrefix("_FoundationCShims-") || $0.hasPrefix("Foundation-") }
        }
    }

    /// Whether a Swift file has a line importing Foundation (or one of its parts, such as
    /// FoundationEssentials). Only decides what is compiled early, never what a grade says.
    static func importsFoundation(_ text: String) -> Bool {
        guard text.contains("Foundation") else { return false }
        for line in text.split(whereSeparator: \.isNewline) {
            let words: [Substring] = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import") else { continue }
            // `@testable import`, `import struct Foundation.URL`, `public import Foundation`.
            if words[(index + 1)...].contains(where: { $0.hasPrefix("Foundation") }) { return true }
        }
        return false
    }
}
