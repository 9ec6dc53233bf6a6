import DIKataCore
import Foundation

/// Compiles the learner's targets in dependency order, one `swiftc` per target, skipping any
/// target whose sources and dependency interfaces are unchanged since the last grade.
struct LearnerBuild {
    let session: GradingSession
    let locator: SourceLocator

    struct Failure {
        var target: String
        var message: String
        var location: SourceLocation?
    }

    struct Result {
        var failures: [Failure]
        /// Hash of every built `.swiftmodule`: unchanged after body-only edits, so the hidden
        /// checks and negative probes need not be rebuilt.
        var interfaceHash: String
    }

    func build(_ order: [LearnerPackage.Target], snapshot: PackageSnapshot) async -> Result {
        let folder = session.folder
        let compiler = session.compiler
        var failures: [Failure] = []
        var built: [String] = []
        var failed: Set<String> = []
        var interface = ContentHash()
        for target in order {
            if let broken = target.dependencies.first(where: failed.contains) {
                failed.insert(target.name)
                failures.append(Failure(target: target.name, message: "it depends on \(broken), which does not compile.", location: nil))
                continue
            }
            session.progress(.building(target: target.name))
            let prefix = target.path.hasSuffix("/") ? target.path : target.path + "/"
            let excluded = target.exclude.map { prefix + $0 }
            let files = snapshot.files.keys.filter { path in
                path.hasPrefix(prefix) && path.hasSuffix(".swift") && !excluded.contains { path.hasPrefix($0) }
            }.sorted()
            guard !files.isEmpty else {
                failed.insert(target.name)
                failures.append(Failure(target: target.name, message: "\(target.path) has no Swift files.", location: nil))
                continue
            }
            let hasMain = files.contains { $0.hasSuffix("/main.swift") }
            var hash = ContentHash()
            hash.add("target-v1 \(target.name) \(target.type.rawValue) \(compiler.environment.swiftc)")
            for path in files {
                hash.add(path)
                hash.add(snapshot.files[path] ?? "")
            }
            for dependency in built {
                hash.add(dependency)
                hash.add(FileManager.default.contents(atPath: folder.module(dependency).path) ?? Data())
            }
            let stamp = hash.hex
            let outputsExist = FileManager.default.fileExists(atPath: folder.object(target.name).path)
                && FileManager.default.fileExists(atPath: folder.module(target.name).path)
            if !(outputsExist && folder.read(folder.stamp(target.name)) == stamp) {
                try? FileManager.default.removeItem(at: folder.stamp(target.name))
                folder.link(modules: built, into: folder.includes(target.name))
                let result = await compiler.compileModule(
                    name: target.name, files: files.map { snapshot.root.appendingPathComponent($0).path },
                    includeDirectories: [folder.includes(target.name).path], object: folder.object(target.name),
                    module: folder.module(target.name), isExecutable: target.type == .executable,
                    hasTopLevelCode: hasMain)
                guard result.termination.succeeded else {
                    failed.insert(target.name)
                    failures.append(failure(for: target.name, result))
                    continue
                }
                folder.write(stamp, to: folder.stamp(target.name))
            }
            built.append(target.name)
            interface.add(target.name)
            interface.add(FileManager.default.contents(atPath: folder.module(target.name).path) ?? Data())
        }
        return Result(failures: failures, interfaceHash: interface.hex)
    }

    private func failure(for target: String, _ result: ProcessResult) -> Failure {
        if result.termination == .timedOut {
            return Failure(target: target, message: "the compiler did not finish in time.", location: nil)
        }
        let errors = CompilerDiagnostic.errors(in: result.stderr.text + "\n" + result.stdout.text)
        guard let first = errors.first else {
            return Failure(target: target, message: GradingSession.firstLines(result.combinedOutput, 3), location: nil)
        }
        let location = locator.relativePath(for: first.file).map {
            SourceLocation(file: $0, line: first.line, column: first.column)
        }
        var message = first.message
        if let location { message = "\(location): \(message)" }
        if errors.count > 1 { message += " (and \(errors.count - 1) more error\(errors.count == 2 ? "" : "s"))" }
        return Failure(target: target, message: message, location: location)
    }
}
