/// Evaluates a kata's target rules against the learner's manifest. Pure.
public struct DependencyRules: Sendable {
    public init() {}

    /// The outcome of the `manifest` check for one target.
    public func evaluate(_ rule: TargetRule, in package: LearnerPackage) -> CheckOutcome {
        guard let target = package.target(named: rule.name) else {
            return .failed("Package.swift does not declare the target \(rule.name).", manifestLocation)
        }
        let missing = rule.requiredDependencies.filter { !target.dependencies.contains($0) }
        if let first = missing.first {
            return .failed("\(rule.name) does not declare a dependency on \(first).", manifestLocation)
        }
        let reachable = package.transitiveDependencies(of: rule.name)
        for forbidden in rule.forbiddenDependencies where reachable.contains(forbidden) {
            let how =
                target.dependencies.contains(forbidden)
                ? "\(rule.name) depends on \(forbidden)"
                : "\(rule.name) reaches \(forbidden) through \(path(from: rule.name, to: forbidden, in: package))"
            return .failed("\(how) in Package.swift.", manifestLocation)
        }
        return .passed
    }

    private var manifestLocation: SourceLocation? { nil }

    private func path(from start: String, to goal: String, in package: LearnerPackage) -> String {
        var queue: [[String]] = [[start]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            guard let last = path.last else { continue }
            for next in package.target(named: last)?.dependencies ?? [] where !path.contains(next) {
                if next == goal { return (path + [next]).joined(separator: " → ") }
                queue.append(path + [next])
            }
        }
        return "\(start) → … → \(goal)"
    }
}
