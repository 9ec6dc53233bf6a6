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
        /// The target's `swiftSettings`, in manifest order.
        public var swiftSettings: [SwiftSetting]

        public init(
            name: String, type: TargetType, path: String, exclude: [String] = [], dependencies: [String],
            sources: [String]? = nil, swiftSettings: [SwiftSetting] = []
        ) {
            self.name = name
            self.type = type
            self.path = path
            self.exclude = exclude
            self.dependencies = dependencies
            self.sources = sources
            self.swiftSettings = swiftSettings
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
    /// `// swift-tools-version:` as "6.0.0".
    public var toolsVersion: String
    /// The manifest's `swiftLanguageModes`, when it lists any.
    public var languageModes: [String]
    /// Traits enabled when nobody asks for others (the `default` trait's, transitively).
    public var defaultTraits: Set<String>

    public init(
        name: String, targets: [Target], packageDependencies: [String] = [], toolsVersion: String = "6.0.0",
        languageModes: [String] = [], defaultTraits: Set<String> = []
    ) {
        self.name = name
        self.targets = targets
        self.packageDependencies = packageDependencies
        self.toolsVersion = toolsVersion
        self.languageModes = languageModes
        self.defaultTraits = defaultTraits
    }

    /// The language mode of a target that does not choose one, as SwiftPM picks it: the
    /// newest of `swiftLanguageModes` this toolchain knows (it knows up to 6), else the tools
    /// version's default (6 from tools version 6.0 on, 5 before).
    public var defaultLanguageMode: String {
        func parts(_ version: String) -> [Int] { version.split(separator: ".").map { Int($0) ?? 0 } }
        let known = languageModes.filter { (parts($0).first ?? 0) <= 6 }
        if let newest = known.max(by: { parts($0).lexicographicallyPrecedes(parts($1)) }) { return newest }
        let tools = parts(toolsVersion).first ?? 0
        return tools >= 6 ? "6" : (tools == 5 ? "5" : "4")
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
            let settings = (raw["settings"] as? [[String: Any]] ?? []).compactMap(SwiftSetting.fromDumpPackage)
            return Target(
                name: name, type: type, path: path, exclude: raw["exclude"] as? [String] ?? [],
                dependencies: dependencies, sources: raw["sources"] as? [String], swiftSettings: settings)
        }
        let packageDependencies = (object["dependencies"] as? [[String: Any]] ?? []).map { "\($0)" }
        let toolsVersion = (object["toolsVersion"] as? [String: Any])?["_version"] as? String ?? "6.0.0"
        let modes = object["swiftLanguageModes"] as? [String] ?? object["swiftLanguageVersions"] as? [String] ?? []
        return LearnerPackage(
            name: name, targets: targets, packageDependencies: packageDependencies, toolsVersion: toolsVersion,
            languageModes: modes, defaultTraits: defaultTraits(object["traits"] as? [[String: Any]] ?? []))
    }

    /// The traits the `default` trait enables, and the ones those enable in turn.
    private static func defaultTraits(_ raw: [[String: Any]]) -> Set<String> {
        var enables: [String: [String]] = [:]
        for trait in raw {
            if let name = trait["name"] as? String { enables[name] = trait["enabledTraits"] as? [String] ?? [] }
        }
        var enabled: Set<String> = []
        var queue = enables["default"] ?? []
        while let next = queue.popLast() {
            guard enabled.insert(next).inserted else { continue }
            queue += enables[next] ?? []
        }
        return enabled
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
    /// A `swiftSettings` entry or language mode a kata cannot be graded with.
    case unsupportedSetting(target: String, String)

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
        case .unsupportedSetting(let target, let detail):
            "Package.swift, target \(target): \(detail)"
        }
    }
}
