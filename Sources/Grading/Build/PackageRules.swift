import DIKataCore

/// What the learner's package must be before anything is compiled, and the flags its targets
/// are compiled with.
struct PackageRules {
    /// The kata's targets.
    var targets: [TargetRule]

    /// The kata's read-only targets, built from the kata's own copy.
    var readOnly: Set<String> { Set(targets.filter { !$0.editable }.map(\.name)) }

    /// Problems that stop grading, and notes for the learner.
    func check(_ package: LearnerPackage) -> (problems: [String], notes: [String]) {
        var found: [String] = []
        var notes: [String] = []
        for rule in targets where package.target(named: rule.name) == nil {
            found.append(PackageProblem.missingTarget(rule.name).description)
        }
        for target in package.targets where SwiftCompiler.isReservedModuleName(target.name) {
            found.append(
                "Your package declares a target named \(target.name), which is reserved for the kata's hidden checks (as is every `\(SwiftCompiler.hiddenModuleName)` followed by digits). Rename it."
            )
        }
        if !package.packageDependencies.isEmpty {
            found.append(PackageProblem.packageDependencies(package.packageDependencies).description)
        }
        for target in package.targets where target.type == .test {
            notes.append("Your test target \(target.name) is not part of grading (run it yourself with `swift test`).")
        }
        return (found, notes)
    }

    /// The flags `swift build` would give each target's Swift files. The kata's read-only
    /// targets are compiled as the kata declares them, whatever the learner's manifest says.
    func compilerFlags(for package: LearnerPackage) -> Result<[String: [String]], PackageProblem> {
        let readOnly = readOnly
        var flags: [String: [String]] = [:]
        for target in package.targets where target.type == .regular || target.type == .executable {
            if readOnly.contains(target.name) {
                flags[target.name] = SwiftBuildFlags.plain.all
                continue
            }
            switch SwiftBuildFlags.of(target, in: package, platform: Self.platform) {
            case .success(let found): flags[target.name] = found.all
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(flags)
    }

    /// The platform name `.when(platforms:)` conditions are matched against.
    static var platform: String {
        #if os(Linux)
            "linux"
        #elseif os(macOS)
            "macos"
        #else
            "unknown"
        #endif
    }
}
