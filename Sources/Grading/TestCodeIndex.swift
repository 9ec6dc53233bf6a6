import DIKataCore
import Foundation

/// The source behind each check of a kata (a hidden test function, a probe file, or the rule
/// in words), for CI formats that show it (Exercism's `test_code`).
public enum TestCodeIndex {
    public static func make(for kata: Kata) -> [String: String] {
        let testsFolder = kata.hidden.appendingPathComponent("tests")
        let testFiles = ((try? FileManager.default.contentsOfDirectory(atPath: testsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
            .compactMap { try? String(contentsOf: testsFolder.appendingPathComponent($0), encoding: .utf8) }
        var index: [String: String] = [:]
        for check in kata.manifest.checks {
            switch check.kind {
            case .behaviour(let test):
                let name = test.split(separator: "/").last.map(String.init) ?? test
                index[check.id] = testFiles.lazy.compactMap { SourceScanner.function(named: name, in: $0) }.first
            case .contract(let probe), .isolatedContract(let probe), .negative(let probe, _):
                index[check.id] = try? String(contentsOf: kata.hidden.appendingPathComponent(probe), encoding: .utf8)
            case .manifest(let target):
                let rule = kata.manifest.target(named: target)
                var parts: [String] = []
                if let required = rule?.requiredDependencies, !required.isEmpty {
                    parts.append("\(target) depends on \(required.joined(separator: ", "))")
                }
                if let forbidden = rule?.forbiddenDependencies, !forbidden.isEmpty {
                    parts.append(
                        "\(target) does not depend on \(forbidden.joined(separator: ", ")), directly or indirectly")
                }
                index[check.id] =
                    "Package.swift: " + (parts.isEmpty ? "declares \(target)" : parts.joined(separator: "; "))
            case .imports(let targets):
                index[check.id] =
                    "Every import in \(targets.isEmpty ? "the editable targets" : targets.joined(separator: ", ")) names a declared dependency"
            case .lint(let pattern, let paths, let mustMatch):
                let place = paths.isEmpty ? "the sources" : paths.joined(separator: ", ")
                index[check.id] = "/\(pattern)/ \(mustMatch ? "must occur" : "must not occur") in \(place)"
            case .surface(let rule, let targets):
                index[check.id] = "In \(targets.joined(separator: ", ")): \(rule.summary)"
            }
        }
        return index
    }
}
