import DIKataCore
import Foundation

/// Reads the learner's Package.swift with `swift package dump-package` (in the sandbox: it
/// runs learner code), once per manifest text and toolchain.
struct ManifestReader {
    var compiler: SwiftCompiler
    /// The `swift` driver's path: another toolchain reads the manifest again.
    var toolchain: String
    /// Dump-package output by `key(files:toolchain:)`.
    var cache: BuildCache<Data>
    /// The same for every build folder, for a manifest that only declares (``PlainManifest``):
    /// each package of a batch starts with the same Package.swift, and reading it takes about
    /// 0.4 s (SwiftPM compiles and runs it).
    var shared: BuildCache<Data>
    /// The reading the kata ships for a manifest's text (``KnownManifests``), looked up on every
    /// read (a file of a few kilobytes); nil for any other text.
    var known: @Sendable (String) -> Data?

    /// `cacheRoot`: dikata's cache, which holds every build folder.
    init(
        compiler: SwiftCompiler, toolchain: String, folder: BuildFolder, cacheRoot: URL,
        known: @escaping @Sendable (String) -> Data? = { _ in nil }
    ) {
        self.compiler = compiler
        self.toolchain = toolchain
        self.known = known
        cache = .bytes(folder.manifests, suffix: ".json")
        shared = .bytes(cacheRoot.appendingPathComponent("manifests", isDirectory: true), suffix: ".json")
    }

    /// The cache key of a package's manifests (``manifestText(of:)``, from its files by package
    /// path) read by a toolchain (`Grader.graph` reads it too).
    static func key(files: [String: String], toolchain: String) -> String {
        ContentHash.of(manifestText(of: files) + toolchain)
    }

    /// SwiftPM reads `Package@swift-6.swift` (the version-specific manifest that best fits its
    /// version) in place of Package.swift when one is at the package's root, so the reading
    /// depends on all of them: Package.swift's text, then each versioned manifest's name and text.
    static func manifestText(of files: [String: String]) -> String {
        let versioned = files.keys.filter(isVersionedManifest).sorted()
        return versioned.reduce(files["Package.swift"] ?? "") { text, name in
            text + "\u{0}" + name + "\u{0}" + (files[name] ?? "")
        }
    }

    /// `Package@swift-<version>.swift` at the package's root.
    static func isVersionedManifest(_ path: String) -> Bool {
        !path.contains("/") && path.hasPrefix("Package@swift-") && path.hasSuffix(".swift")
    }

    enum Outcome {
        case package(LearnerPackage)
        /// What to show the learner.
        case problem(String)
    }

    func read(_ snapshot: PackageSnapshot) async -> Outcome {
        let text = snapshot.files["Package.swift"] ?? ""
        let key = Self.key(files: snapshot.files, toolchain: toolchain)
        // With a versioned manifest beside it, Package.swift may not be what SwiftPM reads: such a
        // package is read in its own folder, and its reading is never shared.
        let versioned = snapshot.files.keys.contains(where: Self.isVersionedManifest)
        // One of the kata's own manifests (only those that only declare have a reading): looked up
        // before the caches, so a corrected file takes effect at once, and never shared through
        // them. The build folder keeps it for the graph screen (``Grader/graph(for:package:)``).
        if !versioned, let data = known(text), let package = try? LearnerPackage.fromDumpPackageJSON(data) {
            if cache[key] != data { cache.store(data, as: key) }
            return .package(package)
        }
        if let data = cache[key], let package = try? LearnerPackage.fromDumpPackageJSON(data) {
            return .package(package)
        }
        let plain = !versioned && PlainManifest.isPlain(text)
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
