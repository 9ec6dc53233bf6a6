import DIKataCore
import Foundation

/// The source behind each check of a kata (a hidden test function, a probe file, or the rule
/// in words), for CI formats that show it (Exercism's `test_code`). Each kind's evaluator says.
public enum TestCodeIndex {
    public static func make(for kata: Kata) -> [String: String] {
        var index: [String: String] = [:]
        for check in kata.manifest.checks {
            index[check.id] = CheckEvaluators.testCode(for: check, in: kata)
        }
        return index
    }
}
