import DIKataCore
import Foundation

/// Compiles the learner's targets in dependency order, one `swiftc` per target, skipping any
/// target whose sources and dependency interfaces are unchanged since the last grade.
///
/// Each target sees only the modules of its declared dependencies (and theirs), as SwiftPM
/// builds it, so an undeclared `import` does not compile. The kata's read-only targets are
/// always built from the kata's own copy, whatever the learner's manifest says about them.
struct LearnerBuild {
    let folder: BuildFolder
    let compiler: SwiftCompiler
    let locator: SourceLocator
    /// The kata's read-only targets (built from the kata's pristine copy).
    let readOnly: Set<String>
    /// The flags `swift build` gives each target (language mode, package name, defines,
    /// features), from the manifest.
    let flags: [String: [String]]
    /// Targets some `surface` check judges: only they need a symbol graph.
    let surfaceTargets: Set<String>
    /// The compiler's path: another toolchain rebuilds every target.
    let toolchain: String
    let progress: @Sendable (GradingStage) -> Void

    struct Failure {
        var target: String
        var message: String
        var location: SourceLocation?
    }

    /// One target that compiled.
    struct Built {
        var name: String
        var isExecutable: Bool
        var isReadOnly: Bool
        /// Package-relative paths of its sources.
        var files: [String]
    }

    struct Result {
        var failures: [Failure]
        var built: [Built]
        /// Hash of every built `.swiftmodule`: unchanged after body-only edits, so the hidden
        /// checks and negative probes need not be rebuilt.
        var interfaceHash: String
        var notes: [String]
    }

    func build(_ order: [LearnerPackage.Target], snapshot: PackageSnapshot) async -> Result {
        var failures: [Failure] = []
        var built: [Built] = []
        var failed: Set<String> = []
        var notes: [String] = []
        var interface = BuildStamp("interfaces-v1")
        var dependenciesOf: [String: [String]] = [:]
        for declared in order {
            var target = declared
            let isReadOnly = readOnly.contains(target.name)
            if isReadOnly {
                if Self.normalized(target.path) != "Sources/\(target.name)" || target.sources != nil
                    || !target.exclude.isEmpty
                    || target.type != .regular
                {
                    notes.append(
                        "\(target.name) is built from the kata's own copy: what your Package.swift says about its path, sources, exclude or type is ignored."
                    )
                }
                target = LearnerPackage.Target(
                    name: target.name, type: .regular, path: "Sources/\(target.name)",
                    dependencies: target.dependencies.filter(readOnly.contains))
            } else {
                target.path = Self.normalized(target.path)
            }
            let visible = Self.closure(of: target.dependencies, in: dependenciesOf)
            dependenciesOf[target.name] = visible
            if let broken = target.dependencies.first(where: failed.contains) {
                failed.insert(target.name)
                failures.append(
                    Failure(
                        target: target.name, message: "it depends on \(broken), which does not compile.", location: nil)
                )
                continue
            }
            progress(.building(target: target.name))
            let files = snapshot.files.keys.filter(target.owns).sorted()
            guard !files.isEmpty else {
                failed.insert(target.name)
                failures.append(
                    Failure(target: target.name, message: "\(target.path) has no Swift files.", location: nil))
                continue
            }
            // SwiftPM puts every module of the package in one folder, so `swift build` compiles an
            // import of a target that was built earlier even when it is not declared. Each target
            // first sees only its declared dependencies; one that then fails only for that is
            // compiled as swift build would, and the kata's imports check reports the import.
            let widened = FileManager.default.fileExists(atPath: folder.widenedMarker(target.name).path)
            var modules = built.map(\.name).filter { widened || visible.contains($0) }
            let hasMain = files.contains { $0.hasSuffix("/main.swift") || $0 == "main.swift" }
            let settings = flags[target.name] ?? SwiftBuildFlags.plain.all
            var stamp = BuildStamp("target-v5 \(target.name) \(target.type.rawValue) \(toolchain)")
            stamp.add(settings.joined(separator: " "))
            stamp.add(surfaceTargets.contains(target.name) ? "symbol-graph" : "")
            for path in files {
                stamp.add(path)
                stamp.add(snapshot.files[path] ?? "")
            }
            for dependency in modules {
                stamp.add(dependency)
                stamp.add(FileManager.default.contents(atPath: folder.module(dependency).path) ?? Data())
            }
            let outputs = [folder.object(target.name), folder.module(target.name)]
            if !stamp.isCurrent(in: folder.stamp(target.name), outputs: outputs) {
                BuildStamp.forget(folder.stamp(target.name))
                let symbolGraph = surfaceTargets.contains(target.name) ? folder.symbolGraphs(target.name) : nil
                func compile() async -> ProcessResult {
                    folder.link(modules: modules, into: folder.includes(target.name))
                    if let symbolGraph {
                        try? FileManager.default.removeItem(at: symbolGraph)
                        try? FileManager.default.createDirectory(at: symbolGraph, withIntermediateDirectories: true)
                    }
                    return await compiler.compileModule(
                        name: target.name, files: files.map { snapshot.root.appendingPathComponent($0).path },
                        includeDirectories: [folder.includes(target.name).path], object: folder.object(target.name),
                        module: folder.module(target.name), isExecutable: target.type == .executable,
                        hasTopLevelCode: hasMain, settings: settings,
                        symbolGraph: symbolGraph)
                }
                var result = await compile()
                let undeclared = Self.missingModules(in: result).filter { name in
                    built.contains { $0.name == name } && !modules.contains(name)
                }
                if !result.termination.succeeded && !undeclared.isEmpty {
                    modules = built.map(\.name)
                    result = await compile()
                    if result.termination.succeeded { folder.write("", to: folder.widenedMarker(target.name)) }
                }
                guard result.termination.succeeded else {
                    failed.insert(target.name)
                    failures.append(
                        failure(for: target.name, result, visible: visible, snapshot: snapshot, files: files))
                    continue
                }
                stamp.record(in: folder.stamp(target.name))
            }
            built.append(
                Built(name: target.name, isExecutable: target.type == .executable, isReadOnly: isReadOnly, files: files)
            )
            interface.add(target.name)
            interface.add(FileManager.default.contents(atPath: folder.module(target.name).path) ?? Data())
        }
        return Result(failures: failures, built: built, interfaceHash: interface.key, notes: notes)
    }

    /// The modules a failed compile could not find (`no such module 'X'`).
    static func missingModules(in result: ProcessResult) -> [String] {
        let text = result.stderr.text + "\n" + result.stdout.text
        return text.components(separatedBy: "no such module '").dropFirst().compactMap { rest in
            rest.firstIndex(of: "'").map { String(rest[..<$0]) }
        }
    }

    /// `Sources/Login` for `./Sources/Login/`.
    static func normalized(_ path: String) -> String {
        var components = path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
        var index = 0
        while index < components.count {
            if components[index] == "..", index > 0 {
                components.removeSubrange(index - 1...index)
                index -= 1
            } else {
                index += 1
            }
        }
        return components.joined(separator: "/")
    }

    /// Declared dependencies and everything they depend on.
    static func closure(of dependencies: [String], in known: [String: [String]]) -> [String] {
        var seen: [String] = []
        for dependency in dependencies where !seen.contains(dependency) {
            seen.append(dependency)
            for inner in known[dependency] ?? [] where !seen.contains(inner) { seen.append(inner) }
        }
        return seen
    }

    private func failure(
        for target: String, _ result: ProcessResult, visible: [String], snapshot: PackageSnapshot, files: [String]
    ) -> Failure {
        if result.termination == .timedOut {
            return Failure(target: target, message: "the compiler did not finish in time.", location: nil)
        }
        let errors = CompilerDiagnostic.errors(in: result.stderr.text + "\n" + result.stdout.text)
        guard let first = errors.first else {
            return Failure(target: target, message: CompilerOutput.firstLines(result.combinedOutput, 3), location: nil)
        }
        let location = locator.relativePath(for: first.file).map {
            SourceLocation(file: $0, line: first.line, column: first.column)
        }
        var message = first.message
        // "no such module 'APIClient'" for a target of the package: the dependency is not declared.
        if let range = message.range(of: "no such module '"), let end = message[range.upperBound...].firstIndex(of: "'")
        {
            let module = String(message[range.upperBound..<end])
            if locator.targetPaths[module] != nil && !visible.contains(module) {
                message =
                    "`import \(module)`, but \(target) does not declare \(module) as a dependency in Package.swift (directly or through a target it depends on)."
            }
        }
        if let location { message = "\(location): \(message)" }
        if errors.count > 1 { message += " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"))" }
        return Failure(target: target, message: message, location: location)
    }
}
