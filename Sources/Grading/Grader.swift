import DIKataCore
import Foundation

/// Grades a learner's kata package against the kata's hidden checks and returns a `Verdict`.
///
/// Pipeline: snapshot the package → read Package.swift in the sandbox → manifest, import and
/// lint rules → compile each learner target with `swiftc` (cached per target) → compile the
/// hidden checks (probes one by one only when that fails) and negative probes → link → run
/// the checks in the sandbox, isolating crashes and hangs → verdict.
public struct Grader: Sendable {
    public var environment: GradingEnvironment
    public var runner: any ProcessRunning
    public var now: @Sendable () -> Date
    /// Waits (while another grade of the same kata holds its build folder).
    public var pause: @Sendable (Duration) async -> Void

    public init(
        environment: GradingEnvironment, runner: any ProcessRunning, now: @escaping @Sendable () -> Date,
        pause: @escaping @Sendable (Duration) async -> Void
    ) {
        self.environment = environment
        self.runner = runner
        self.now = now
        self.pause = pause
    }

    /// The kata's build folder for the learner package at `package`.
    public func buildDirectory(for kata: Kata, package: URL) -> URL {
        let key = ContentHash.of(package.standardizedFileURL.path).prefix(12)
        return environment.buildFolders.root.appendingPathComponent("\(kata.id)-\(key)", isDirectory: true)
    }

    public func grade(
        _ kata: Kata, package: URL, progress: @escaping @Sendable (GradingStage) -> Void = { _ in }
    ) async throws(GradingError) -> Verdict {
        let started = now()
        // Bad input, not a failed check: exit code 2 like any other usage problem.
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw .configuration(
                "There is no Package.swift in \(package.path). Is this the kata's folder? Grade the folder that holds the kata's Package.swift, or run `dikata reset \(kata.id)` (x in the tutorial) to get its starter back; your files are backed up first."
            )
        }
        let folder = BuildFolder(root: buildDirectory(for: kata, package: package))
        var waited = false
        let lock = try await GradeLock.acquire(
            folder.root.appendingPathExtension("lock"), pause: pause,
            waiting: {
                waited = true
                progress(.waiting(kata: kata.id))
            })
        defer { lock.release() }
        lock.markUsed(at: started)
        let sources = LastGrade.sourcesHash(of: package)
        if waited, let last = LastGrade.read(from: folder), last.sources == sources {
            progress(.finished)
            return last.verdict
        }
        do {
            try folder.prepare()
            try FileManager.default.createDirectory(at: environment.moduleCache, withIntermediateDirectories: true)
        } catch {
            throw .configuration(
                "dikata cannot write its build folder \(folder.root.path): \(error.localizedDescription)")
        }
        var session = GradingSession(
            kata: kata, folder: folder, environment: environment, runner: runner, progress: progress, now: now,
            pause: pause)
        progress(.readingPackage)
        let snapshot: PackageSnapshot
        do {
            snapshot = try Self.snapshot(of: package, for: kata, in: folder)
        } catch {
            throw .internal("could not copy the package for grading: \(error.localizedDescription)")
        }
        await session.run(snapshot: snapshot)
        progress(.finished)
        let verdict = VerdictBuilder().verdict(
            for: kata.manifest, evidence: session.evidence, problems: session.problems,
            notes: environment.sandbox.notes + session.notes, isolation: environment.sandbox.isolation,
            duration: now().timeIntervalSince(started))
        LastGrade(sources: sources, verdict: verdict).write(to: folder)
        // This folder is held, so it stays whatever its age.
        environment.buildFolders.prune()
        return verdict
    }
}

extension Grader {
    /// The verdict of the last grade of `package` when its files are still the ones that grade
    /// read, and it graded this kata's checks: the tutorial shows it for a kata just graded
    /// with `dikata grade` in another terminal. Nil otherwise (nothing graded, an edit since).
    public func lastVerdict(for kata: Kata, package: URL) -> Verdict? {
        let folder = BuildFolder(root: buildDirectory(for: kata, package: package))
        guard let last = LastGrade.read(from: folder), last.verdict.kata.id == kata.id,
            last.verdict.checks.map(\.id) == kata.manifest.checks.map(\.id),
            last.sources == LastGrade.sourcesHash(of: package)
        else { return nil }
        return last.verdict
    }

    /// The learner's package as a dependency graph, read from the last grade's snapshot (no
    /// process is started). Nil before the first grade or when the manifest could not be read.
    public func graph(for kata: Kata, package: URL) -> PackageGraph? {
        let folder = BuildFolder(root: buildDirectory(for: kata, package: package))
        guard let manifestText = folder.read(folder.snapshot.appendingPathComponent("Package.swift")) else {
            return nil
        }
        var manifests = ["Package.swift": manifestText]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.snapshot.path)) ?? []
        for name in names where ManifestReader.isVersionedManifest(name) {
            manifests[name] = folder.read(folder.snapshot.appendingPathComponent(name)) ?? ""
        }
        let key = ManifestReader.key(files: manifests, toolchain: environment.swift)
        let cached = folder.manifests.appendingPathComponent(key + ".json")
        guard let data = FileManager.default.contents(atPath: cached.path),
            let learnerPackage = try? LearnerPackage.fromDumpPackageJSON(data)
        else { return nil }
        let root = folder.snapshot.standardizedFileURL.path + "/"
        var declarations: [String: [PackageGraph.Declaration]] = [:]
        for path in FolderWalk(folder.snapshot).files()
        where path.hasSuffix(".swift") && path != "Package.swift"
            && !ManifestReader.isVersionedManifest(path)
        {
            if let text = folder.read(URL(fileURLWithPath: root + path)) {
                declarations[path] = GraphDeclarations.read(text)
            }
        }
        let support = Set(kata.manifest.targets.filter { !$0.editable }.map(\.name))
        return PackageGraph.make(package: learnerPackage, declarations: declarations, hiding: support)
    }
}

extension Grader {
    /// The dependency graph, reading the package itself when no grade has read it yet (bug: the
    /// graph opened before the first grade never loaded). It copies the package and reads its
    /// manifest in the sandbox, as a grade's first step does, and compiles nothing.
    public func readGraph(for kata: Kata, package: URL) async -> PackageGraph? {
        if let graph = graph(for: kata, package: package) { return graph }
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            return nil
        }
        let folder = BuildFolder(root: buildDirectory(for: kata, package: package))
        guard
            let lock = try? await GradeLock.acquire(
                folder.root.appendingPathExtension("lock"), pause: pause, waiting: {})
        else { return nil }
        defer { lock.release() }
        guard (try? folder.prepare()) != nil, let snapshot = try? Self.snapshot(of: package, for: kata, in: folder)
        else { return nil }
        let session = GradingSession(
            kata: kata, folder: folder, environment: environment, runner: runner, progress: { _ in }, now: now,
            pause: pause)
        await session.readManifest(snapshot)
        return graph(for: kata, package: package)
    }
}

extension Grader {
    /// The learner's package copied into the build folder, with the kata's read-only targets
    /// from the kata itself: what every grade (and the graph) reads.
    static func snapshot(of package: URL, for kata: Kata, in folder: BuildFolder) throws -> PackageSnapshot {
        try PackageSnapshot.capture(
            package, into: folder.snapshot,
            readOnlyTargets: kata.manifest.targets.filter { !$0.editable }.map(\.name),
            starter: KataFiles.starter(of: kata))
    }
}
