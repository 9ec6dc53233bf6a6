import DIKataCore
import Foundation

/// The layout of one kata's build folder (under dikata's cache, never in the workspace).
struct BuildFolder: Sendable {
    var root: URL

    var snapshot: URL { root.appendingPathComponent("snapshot", isDirectory: true) }
    var hiddenSources: URL { root.appendingPathComponent("hidden-src", isDirectory: true) }
    /// Copies of the hidden test files without their `@Test` attributes (``TestEntries``).
    var plainTests: URL { root.appendingPathComponent("hidden-plain", isDirectory: true) }
    var home: URL { root.appendingPathComponent("home", isDirectory: true) }
    var modules: URL { root.appendingPathComponent("modules", isDirectory: true) }
    var manifests: URL { root.appendingPathComponent("manifests", isDirectory: true) }
    /// The check runner's entry point.
    var hiddenMain: URL { root.appendingPathComponent("checks/main.swift") }
    /// In a folder of its own with the library of the learner's code it loads (``SplitLink``):
    /// the check run's sandbox sees that folder (``CheckRunner``).
    var runner: URL { root.appendingPathComponent("checks/bin/runner") }
    var runnerStamp: URL { root.appendingPathComponent("checks/runner.stamp") }
    var learnerLibrary: URL { runner.deletingLastPathComponent().appendingPathComponent(SplitLink.libraryName) }
    var libraryStamp: URL { root.appendingPathComponent("checks/library.stamp") }

    /// One module of hidden checks (`HiddenChecks1`, …, and `HiddenChecks`, the entry point).
    func checks(_ name: String) -> URL { root.appendingPathComponent("checks/\(name)", isDirectory: true) }
    func checksObject(_ name: String) -> URL { checks(name).appendingPathComponent("\(name).o") }
    func checksStamp(_ name: String) -> URL { checks(name).appendingPathComponent("stamp") }
    func checksIncludes(_ name: String) -> URL { checks(name).appendingPathComponent("include", isDirectory: true) }

    func target(_ name: String) -> URL { root.appendingPathComponent("targets/\(name)", isDirectory: true) }
    func object(_ name: String) -> URL { target(name).appendingPathComponent("\(name).o") }
    func module(_ name: String) -> URL { target(name).appendingPathComponent("\(name).swiftmodule") }
    func stamp(_ name: String) -> URL { target(name).appendingPathComponent("stamp") }
    func includes(_ name: String) -> URL { target(name).appendingPathComponent("include", isDirectory: true) }
    /// The compiler's symbol graphs of the target (`<name>.symbols.json`, and one per module it extends).
    func symbolGraphs(_ name: String) -> URL { target(name).appendingPathComponent("symbolgraph", isDirectory: true) }
    /// Present when the target imports package modules it does not declare and was compiled
    /// seeing every module, as `swift build` does.
    func widenedMarker(_ name: String) -> URL { target(name).appendingPathComponent("widened") }

    func prepare() throws {
        let fileManager = FileManager.default
        for folder in [root, home, modules, manifests, runner.deletingLastPathComponent()] {
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    func read(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Writes `text` unless the file holds it already (its date then stays).
    func writeIfChanged(_ text: String, to url: URL) {
        if FileManager.default.contents(atPath: url.path) == Data(text.utf8) { return }
        write(text, to: url)
    }

    func write(_ text: String, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Replaces `folder`'s contents with links to `modules`, so a compile sees exactly those.
    /// Links already in place are kept (removing and making the folder took 3–7 ms a grade).
    func link(modules names: [String], into folder: URL) {
        let fileManager = FileManager.default
        let wanted = Dictionary(
            names.map { ("\($0).swiftmodule", module($0).path) }, uniquingKeysWith: { first, _ in first })
        if let present = try? fileManager.contentsOfDirectory(atPath: folder.path), Set(present) == Set(wanted.keys),
            wanted.allSatisfy({ name, destination in
                (try? fileManager.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(name).path))
                    == destination
            })
        {
            return
        }
        try? fileManager.removeItem(at: folder)
        try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names {
            try? fileManager.createSymbolicLink(
                at: folder.appendingPathComponent("\(name).swiftmodule"), withDestinationURL: module(name))
        }
    }
}
