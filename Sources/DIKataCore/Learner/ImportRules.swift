/// The imports found in one learner source file.
public struct FileImports: Equatable, Sendable, Codable {
    /// Path relative to the package root.
    public var file: String
    public var target: String
    public var modules: [String]
    /// Line of each module's first `import`, when known.
    public var lines: [String: Int]

    public init(file: String, target: String, modules: [String], lines: [String: Int] = [:]) {
        self.file = file
        self.target = target
        self.modules = modules
        self.lines = lines
    }
}

/// Checks that every import names a declared dependency or an allowed system module. Pure.
public struct ImportRules: Sendable {
    public init() {}

    /// The outcome of an `imports` check over the given targets' files.
    public func evaluate(
        _ files: [FileImports], targets: [String], package: LearnerPackage, systemModules: [String]
    ) -> CheckOutcome {
        let allTargets = Set(package.targets.map(\.name))
        guard files.contains(where: { targets.contains($0.target) }) else {
            return .notRun("No Swift files of \(targets.joined(separator: ", ")) could be read to check their imports.")
        }
        for file in files.sorted(by: { $0.file < $1.file }) where targets.contains(file.target) {
            let declared = Set(package.target(named: file.target)?.dependencies ?? [])
            for module in file.modules where module != file.target {
                if declared.contains(module) || systemModules.contains(module) { continue }
                let location = SourceLocation(file: file.file, line: file.lines[module] ?? 1)
                if allTargets.contains(module) {
                    return .failed(
                        "\(location): `import \(module)`, but \(file.target) does not declare \(module) as a dependency in Package.swift.",
                        location)
                }
                return .failed(
                    "\(location): `import \(module)` names a module this kata does not provide.", location)
            }
        }
        return .passed
    }

}
