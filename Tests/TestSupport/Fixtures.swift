import DIKataCore
import Foundation
import Grading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fixture katas and learner submissions that dikata's grading tests run against.
public enum Fixtures {
    /// `Tests/GradingTests/Fixtures`.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GradingTests/Fixtures", isDirectory: true)
    /// The katas dikata ships.
    public static let katas = root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Katas", isDirectory: true)
    public static let submissions = root.appendingPathComponent("Submissions", isDirectory: true)
    /// Learner packages that try to cheat: `Hostile/<kata id>/<cheat>/`, each an overlay on that
    /// kata's starter, described by its `CHEAT.md`.
    public static let hostile = root.appendingPathComponent("Hostile", isDirectory: true)

    public static func library() throws -> KataLibrary { try KataLibrary.load(from: katas) }

    /// The grading tests' own library (`Fixtures/LoginLibrary`), holding `loginKata()` as
    /// `00-warm-up`; pass it as `DIKATA_KATAS` to run the command line against it.
    public static let loginLibrary = root.appendingPathComponent("LoginLibrary", isDirectory: true)

    /// The fixture kata the grading tests run against: two targets, a login screen that must
    /// take its authenticator, and one check of each kind. It is the warm-up the first releases
    /// shipped, kept here so grading tests never change with the shipped katas' content.
    public static func loginKata() throws -> Kata {
        try KataLibrary.loadKata(loginLibrary.appendingPathComponent("00-warm-up"), listedAs: "00-warm-up")
    }

    /// One kata that dikata ships, loaded from `Katas/<id>`.
    public static func kata(_ id: String) throws -> Kata {
        try KataLibrary.loadKata(katas.appendingPathComponent(id, isDirectory: true), listedAs: id)
    }

    /// A hostile learner package: the kata's starter (the stage's refactor not done), then the
    /// overlay `Hostile/<kata id>/<name>` on top. Its `CHEAT.md` describes the overlay and is left
    /// out of the package.
    public static func hostileSubmission(kata: Kata, name: String) throws -> URL {
        let overlay = hostile.appendingPathComponent(kata.id, isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: overlay.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw FixtureError(description: "There is no hostile submission \(kata.id)/\(name) under \(hostile.path).")
        }
        let directory = try temporaryDirectory("hostile-\(name)").appendingPathComponent("package")
        try KataPackage.assemble(kata, overlays: [overlay], into: directory)
        let description = directory.appendingPathComponent("CHEAT.md")
        if FileManager.default.fileExists(atPath: description.path) {
            try FileManager.default.removeItem(at: description)
        }
        return directory
    }

    /// Every folder under `Hostile/`, as "<kata id>/<name>", sorted.
    public static func hostileSubmissionFolders() throws -> [String] {
        let fileManager = FileManager.default
        func folders(in url: URL) throws -> [String] {
            try fileManager.contentsOfDirectory(atPath: url.path).filter { name in
                var isDirectory: ObjCBool = false
                return !name.hasPrefix(".")
                    && fileManager.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }
        }
        return try folders(in: hostile).flatMap { kata in
            try folders(in: hostile.appendingPathComponent(kata, isDirectory: true)).map { "\(kata)/\($0)" }
        }.sorted()
    }

    /// This test process's temporary files: `dikata-tests-run-<pid>` in the system's temporary
    /// folder. Made on first use, after removing the folders of test processes that have ended:
    /// not every machine cleans /tmp, and the suites make thousands of packages.
    public static let runFolder: URL = {
        let fileManager = FileManager.default
        let prefix = "dikata-tests-run-"
        for name in (try? fileManager.contentsOfDirectory(atPath: fileManager.temporaryDirectory.path)) ?? []
        where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? fileManager.removeItem(at: fileManager.temporaryDirectory.appendingPathComponent(name))
        }
        let folder = fileManager.temporaryDirectory.appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
        try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// A fresh temporary folder in ``runFolder``, removed by the first test process after this one.
    public static func temporaryDirectory(_ label: String) throws -> URL {
        let url =
            runFolder
            .appendingPathComponent("dikata-\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A learner package: the kata's starter, then its solution (unless `solution` is false),
    /// then the named submission overlay, with `{{KEY}}` placeholders replaced.
    public static func submission(
        _ outcome: String?, kata: Kata? = nil, solution: Bool = true, substitutions: [String: String] = [:]
    ) throws -> URL {
        let kata = try kata ?? loginKata()
        let directory = try temporaryDirectory(outcome ?? "solution").appendingPathComponent("package")
        let overlays =
            (solution ? [kata.solution] : []) + (outcome.map { [submissions.appendingPathComponent($0)] } ?? [])
        try KataPackage.assemble(kata, overlays: overlays, into: directory)
        for (key, value) in substitutions {
            try replace("{{\(key)}}", with: value, under: directory)
        }
        return directory
    }

    /// Copies every file of `source` onto `destination`, replacing files of the same path.
    public static func overlay(_ source: URL, onto destination: URL) throws {
        try KataPackage.overlay(source, onto: destination)
    }

    private static func replace(_ placeholder: String, with value: String, under directory: URL) throws {
        let fileManager = FileManager.default
        for case let relative as String in fileManager.enumerator(atPath: directory.path) ?? .init()
        where relative.hasSuffix(".swift") {
            let url = directory.appendingPathComponent(relative)
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.contains(placeholder) {
                try text.replacingOccurrences(of: placeholder, with: value).write(
                    to: url, atomically: true, encoding: .utf8)
            }
        }
    }

    /// The shared cache for tests: one module cache for every grade, as in real use.
    public static let cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent("dikata-tests-cache")

    /// A live grader, as the composition root builds it.
    /// Makes `destination` hold exactly `source`'s files, rewriting only those whose contents
    /// differ, so an incremental `swift build` there recompiles only what changed.
    public static func mirror(_ source: URL, into destination: URL) throws {
        let fileManager = FileManager.default
        func files(_ root: URL) -> Set<String> {
            let all = fileManager.enumerator(atPath: root.path)?.allObjects as? [String] ?? []
            return Set(
                all.filter { relative in
                    var isDirectory: ObjCBool = false
                    return fileManager.fileExists(
                        atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory)
                        && !isDirectory.boolValue && !relative.hasPrefix(".build")
                })
        }
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        let wanted = files(source)
        for stale in files(destination).subtracting(wanted) {
            try fileManager.removeItem(at: destination.appendingPathComponent(stale))
        }
        for relative in wanted {
            let data = try Data(contentsOf: source.appendingPathComponent(relative))
            let target = destination.appendingPathComponent(relative)
            if fileManager.contents(atPath: target.path) == data { continue }
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
    }

    public static func grader(environment variables: [String: String] = ProcessInfo.processInfo.environment)
        async throws -> Grader
    {
        let runner = PosixProcessRunner(now: { Date() })
        let environment = try await GradingEnvironment.discover(
            environment: variables, cacheRoot: cacheRoot, runner: runner,
            isExecutable: { FileManager.default.isExecutableFile(atPath: $0) }, parallelism: 2,
            runningAsRoot: getuid() == 0, newID: { UUID().uuidString.prefix(8).lowercased() },
            graderBuild: GradingEnvironment.build(ofExecutable: "/proc/self/exe"))
        return Grader(
            environment: environment, runner: runner, now: { Date() }, pause: { try? await Task.sleep(for: $0) })
    }

    /// A digest of every file under `directory` (paths, contents, symlink targets), to prove
    /// that grading changed nothing.
    public static func treeDigest(_ directory: URL) -> [String: Data] {
        var digest: [String: Data] = [:]
        let fileManager = FileManager.default
        for case let relative as String in fileManager.enumerator(atPath: directory.path) ?? .init() {
            let path = directory.appendingPathComponent(relative).path
            if let target = try? fileManager.destinationOfSymbolicLink(atPath: path) {
                digest[relative] = Data(("link:" + target).utf8)
            } else {
                digest[relative] = fileManager.contents(atPath: path) ?? Data("dir".utf8)
            }
        }
        return digest
    }
}

/// A fixture that is missing or malformed.
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
