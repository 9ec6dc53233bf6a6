import DIKataCore
import Foundation

/// Lists each learner file's imports as `swiftc -frontend -emit-imported-modules` does (which
/// honours `#if canImport`), caching the answer per file content so an edit costs one file.
/// A file whose imports the parser alone decides (`PlainImports`) starts no compiler.
struct ImportScanner {
    var compiler: SwiftCompiler
    /// File stamp → its imports, as one table.
    var cache: BuildCache<[String: CacheEntry]>
    var parallelism: Int
    var parsed: ParsedSources

    static let cacheKey = "imports"

    /// `flags` are each target's compiler flags: their `-D` defines decide `#if`s.
    func scan(package: LearnerPackage, snapshot: PackageSnapshot, flags: [String: [String]]) async -> [FileImports] {
        var entries = cache[Self.cacheKey] ?? [:]
        var jobs: [(target: String, path: String, key: String, settings: [String])] = []
        var found: [FileImports] = []
        for target in package.targets where target.type != .test {
            let prefix = target.path.hasSuffix("/") ? target.path : target.path + "/"
            for (path, text) in snapshot.files where path.hasPrefix(prefix) && path.hasSuffix(".swift") {
                let settings = flags[target.name] ?? []
                var stamp = BuildStamp("imports-v1")
                stamp.add(text)
                stamp.add(settings.joined(separator: " "))
                let key = stamp.key
                if let entry = entries[key] {
                    found.append(
                        FileImports(file: path, target: target.name, modules: entry.modules, lines: entry.lines))
                } else if let modules = parsed.plainImports(path, text: text) {
                    let imports = fileImports(path: path, target: target.name, modules: modules, text: text)
                    entries[key] = CacheEntry(modules: modules, lines: imports.lines)
                    found.append(imports)
                } else {
                    jobs.append((target.name, path, key, settings))
                }
            }
        }
        let root = snapshot.root
        let compiler = self.compiler
        let scanned = await concurrentMap(jobs, limit: parallelism) { job in
            let result = await compiler.importedModules(
                of: root.appendingPathComponent(job.path).path, settings: job.settings)
            // A file that does not parse reports no imports; the build reports its errors.
            let modules =
                result.termination.succeeded
                ? result.stdout.text.split(separator: "\n").map(String.init) : nil
            return (job, modules)
        }
        for (job, modules) in scanned {
            guard let modules else { continue }
            let imports = fileImports(
                path: job.path, target: job.target, modules: modules, text: snapshot.files[job.path] ?? "")
            entries[job.key] = CacheEntry(modules: modules, lines: imports.lines)
            found.append(imports)
        }
        cache.store(entries, as: Self.cacheKey)
        return found
    }

    private func fileImports(path: String, target: String, modules: [String], text: String) -> FileImports {
        let declared = parsed.importLines(path, text: text)
        var lines: [String: Int] = [:]
        for module in modules { lines[module] = declared[module] }
        return FileImports(file: path, target: target, modules: modules, lines: lines)
    }

    /// What one file imports and where, by content and flags: neither the compiler nor the
    /// parser runs again for a file that did not change.
    struct CacheEntry: Codable {
        var modules: [String]
        var lines: [String: Int]
    }
}
