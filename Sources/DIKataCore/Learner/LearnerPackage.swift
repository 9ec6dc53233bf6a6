import Foundation

/// The learner's `Package.swift`, as far as grading needs it: its targets and their direct
/// dependencies, read from `swift package dump-package` JSON.
public struct LearnerPackage: Equatable, Sendable {
    public enum TargetType: String, Sendable {
        case regular, executable, test, other
    }

    public struct Target: Equatable, Sendable {
        public var name: String
        public var type: TargetType
        /// The folder of the target's sources, relative to the package root.
        public var path: String
        /// Paths (relative to `path`) the manifest excludes.
        public var exclude: [String]
        /// Names of targets and products this target depends on directly.
        public var dependencies: [String]
        /// Files or folders (relative to `path`) the manifest limits the target to, if it does.
        public var sources: [String]?

        public init(
            name: String, type: TargetType, path: String, exclude: [String] = [], dependencies: [String],
            sources: [String]? = nil
        ) {
            self.name = name
            self.type = type
            self.path = path
            self.exclude = exclude
            self.dependencies = dependencies
            self.sources = sources
        }

        /// Whether the package-relative `file` is one of this target's sources, as SwiftPM
        /// chooses them: under `path`, inside `sources` when given, outside `exclude`.
        public func owns(_ file: String) -> Bool {
            let prefix = path.hasSuffix("/") ? path : path + "/"
            guard file.hasPrefix(prefix), file.hasSuffix(".swift") else { return false }
            let relative = String(file.dropFirst(prefix.count))
            func covers(_ entry: String) -> Bool {
                let trimmed = entry.hasSuffix("/") ? String(entry.dropLast()) : entry
                return trimmed.isEmpty || trimmed == "." || relative == trimmed || relative.hasPrefix(trimmed + "/")
            }
            if exclude.contains(where: covers) { return false }
            if let sources { return sources.contains(where: covers) }
            return true
        }
    }

    public var name: String
    public var targets: [Target]
    /// Package dependencies (other packages); katas build with the toolchain alone.
    public var packageDependencies: [String]

    public init(name: String, targets: [Target], packageDependencies: [String] = []) {
        self.name = name
        self.targets = targets
        self.packageDependencies = packageDependencies
    }

    public func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// Targets that are compiled for grading (not test targets), in dependency order.
    public func buildOrder() throws(PackageProblem) -> [Target] {
        let buildable = targets.filter { $0.type == .regular || $0.type == .executable }
        let names = Set(buildable.map(\.name))
        var ordered: [Target] = []
        var state: [String: Bool] = [:]  // false: visiting, true: done
        func visit(_ target: Target, chain: [String]) throws(PackageProblem) {
            if state[target.name] == true { return }
            if state[target.name] == false {
                throw .dependencyCycle((chain + [target.name]).joined(separator: " → "))
            }
            state[target.name] = false
            for dependency in target.dependencies where names.contains(dependency) {
                if let next = buildable.first(where: { $0.name == dependency }) {
                    try visit(next, chain: chain + [target.name])
                }
            }
            state[target.name] = true
            ordered.append(target)
        }
        for target in buildable { try visit(target, chain: []) }
        return ordered
    }

    /// Every target reachable from `name` through dependencies (not including `name`).
    public func transitiveDependencies(of name: String) -> [String] {
        var seen: [String] = []
        var queue = target(named: name)?.dependencies ?? []
        while let next = queue.first {
            queue.removeFirst()
            guard !seen.contains(next) else { continue }
            seen.append(next)
            queue += target(named: next)?.dependencies ?? []
        }
        return seen
    }

    // MARK: - Reading dump-package JSON

    /// Parses the JSON printed by `swift package dump-package`.
    public static func fromDumpPackageJSON(_ data: Data) throws(PackageProblem) -> LearnerPackage {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .unreadableManifest("swift package dump-package printed something that is not JSON")
        }
        let name = object["name"] as? String ?? "package"
        let rawTargets = object["targets"] as? [[String: Any]] ?? []
        let targets = rawTargets.compactMap { raw -> Target? in
            guard let name = raw["name"] as? String else { return nil }
            let type = TargetType(rawValue: raw["type"] as? String ?? "") ?? .other
            let defaultPath = type == .test ? "Tests/\(name)" : "Sources/\(name)"
            let path = (raw["path"] as? String) ?? defaultPath
            let dependencies = (raw["dependencies"] as? [[String: Any]] ?? []).compactMap(dependencyName)
            return Target(
                name: name, type: type, path: path, exclude: raw["exclude"] as? [String] ?? [],
                dependencies: dependencies, sources: raw["sources"] as? [String])
        }
        let packageDependencies = (object["dependencies"] as? [[String: Any]] ?? []).map { "\($0)" }
        return LearnerPackage(name: name, targets: targets, packageDependencies: packageDependencies)
    }

    // Dependencies appear as {"byName": ["APIClient", null]}, {"target": ["Login", null]}
    // or {"product": ["Name", "package", …]}.
    private static func dependencyName(_ raw: [String: Any]) -> String? {
        for key in ["byName", "target", "product"] {
            if let values = raw[key] as? [Any], let name = values.first as? String { return name }
        }
        return nil
    }
}

/// Something wrong with the learner's package as a whole, found before any check could run.
public enum PackageProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableManifest(String)
    case dependencyCycle(String)
    case missingTarget(String)
    case packageDependencies([String])

    public var description: String {
        switch self {
        case .unreadableManifest(let detail):
            "Package.swift could not be read: \(detail)"
        case .dependencyCycle(let chain):
            "Package.swift has a dependency cycle: \(chain). Remove one of these dependencies."
        case .missingTarget(let name):
            "Package.swift no longer declares the target \"\(name)\". Put it back (see the kata's README)."
        case .packageDependencies(let list):
            "Package.swift adds package dependencies (\(list.joined(separator: ", "))); katas build with the Swift toolchain alone. Remove them."
        }
    }
}
