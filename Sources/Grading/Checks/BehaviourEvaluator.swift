import DIKataCore
import Foundation

/// `kind: behaviour`: a hidden Swift Testing test, named by its function, passes when the
/// linked checks run. A test file that does not compile against the learner's code costs its
/// own tests, not every check.
struct BehaviourEvaluator: CheckEvaluator {
    /// Each check with its test's name.
    var checks: [(check: CheckSpec, rule: String)]

    init(checks: [CheckSpec]) {
        self.checks = Self.select(checks)
    }

    static func rule(of kind: CheckKind) -> String? {
        if case .behaviour(let test) = kind { test } else { nil }
    }

    /// The function a test name names (`Suite/test` → `test`).
    static func functionName(_ test: String) -> String {
        test.split(separator: "/").last.map(String.init) ?? test
    }

    /// Compile errors for the checks whose test function is in a file (of text `text`) that
    /// does not compile; `message` says why.
    func compileErrors(inFile text: String, message: String) -> [String: CheckEvidence] {
        var evidence: [String: CheckEvidence] = [:]
        for (check, test) in checks where text.contains("func \(Self.functionName(test))(") {
            evidence[check.id] = CheckEvidence(.compileError(message, nil))
        }
        return evidence
    }

    /// Evidence from one run of the checks, for the checks not in `decided` (already judged,
    /// e.g. by a compile error).
    func evaluate(_ report: CheckRunner.Report, decided: Set<String>) -> [String: CheckEvidence] {
        var log = TestEventLog()
        for (id, name) in report.names { log.recordTest(id: id, name: name) }
        var evidence: [String: CheckEvidence] = [:]
        for (check, test) in checks where !decided.contains(check.id) {
            guard let id = log.testID(named: test) else {
                evidence[check.id] = CheckEvidence(
                    .notRun("The kata's hidden test `\(test)` was not found or did not run."))
                continue
            }
            guard let result = report.results[id] else {
                evidence[check.id] = CheckEvidence(.notRun("Not run: an earlier check stopped the run."))
                continue
            }
            evidence[check.id] = CheckEvidence(result.outcome, output: result.output, duration: result.duration)
        }
        return evidence
    }

    static func testCode(_ test: String, check: CheckSpec, in kata: Kata) -> String? {
        FolderWalk(kata.hidden.appendingPathComponent("tests")).files(endingIn: ".swift").lazy
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
            .compactMap { SourceScanner.function(named: functionName(test), in: $0) }.first
    }
}
