import DIKataCore
import Foundation

/// Reads the learner's Package.swift with `swift package dump-package` (in the sandbox: it
/// runs learner code), once per manifest text and toolchain.
struct ManifestReader {
    var compiler: SwiftCompiler
    /// The `swift` driver's path: another toolchain reads the manifest again.
    var toolchain: String
    /// Dump-package output by `key(manifest:toolchain:)`.
    var cache: BuildCache<Data>
    /// The same for every build folder, for a manifest that only declares (``PlainManifest``):
    /// each package of a batch starts with the same Package.swift, and reading it takes about
    /// 0.4 s (SwiftPM compiles and runs it).
    var shared: BuildCache<Data>

    /// `cacheRoot`: dikata's cache, which holds every build folder.
    init(compiler: SwiftCompiler, toolchain: String, folder: BuildFolder, cacheRoot: URL) {
        self.compiler = compiler
        self.toolchain = toolchain
        cache = .bytes(folder.manifests, suffix: ".json")
        shared = .bytes(cacheRoot.appendingPathComponent("manifests", isDirectory: true), suffix: ".json")
    }

    /// The cache key of a manifest's text read by a toolchain (`Grader.graph` reads it too).
    static func key(manifest text: String, toolchain: String) -> String {
        ContentHash.of(text + toolchain)
    }

    enum Outcome {
        case package(LearnerPackage)
        /// What to show the learner.
        case problem(String)
    }

    func read(_ snapshot: PackageSnapshot) async -> Outcome {
        let text = snapshot.files["Package.swift"] ?? ""
        let key = Self.key(manifest: text, toolchain: toolchain)
        if let data = cache[key], let package = try? LearnerPackage.fromDumpPackageJSON(data) {
            return .package(package)
        }
        let plain = PlainManifest.isPlain(text)
        if plain, let data = shared[key], let package = try? LearnerPackage.fromDumpPackageJSON(data) {
            cache.store(data, as: key)
            return .package(package)
        }
        let result = await compiler.dumpPackage(at: snapshot.root)
        guard result.termination.succeeded else {
            let detail: String
            if result.termination == .timedOut {
                detail = "reading it took too long; Package.swift must only declare the package, not do work"
            } else {
                let errors = CompilerDiagnostic.errors(in: result.stderr.text).prefix(3).map {
                    "line \($0.line): \($0.message)"
                }
                detail =
                    errors.isEmpty
                    ? CompilerOutput.firstLines(result.combinedOutput, 4) : errors.joined(separator: "; ")
            }
            return .problem(PackageProblem.unreadableManifest(detail).description)
        }
        let data = Data(result.stdout.text.utf8)
        do {
            let package = try LearnerPackage.fromDumpPackageJSON(data)
            cache.store(data, as: key)
            if plain { shared.store(data, as: key) }
            return .package(package)
        } catch {
            return .problem(error.description)
        }
    }
}
