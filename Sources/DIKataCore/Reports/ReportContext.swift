/// What CI formats need beyond the verdicts: the hidden source behind each check (for
/// Exercism's `test_code`) and where each kata's files live in the graded repository.
public struct ReportContext: Sendable {
    /// Kata id → check id → the source or rule a check runs.
    public var testCode: [String: [String: String]]
    /// Turns a kata id and a package-relative file into a path from the repository root.
    public var repositoryPath: @Sendable (_ kataID: String, _ file: String) -> String
    /// Kata id → the grader's paths to keep out of the report (build cache, the package's own folder).
    public var redactions: [String: PathRedaction]

    public init(
        testCode: [String: [String: String]] = [:],
        repositoryPath: @escaping @Sendable (String, String) -> String = { kata, file in "\(kata)/\(file)" },
        redactions: [String: PathRedaction] = [:]
    ) {
        self.testCode = testCode
        self.repositoryPath = repositoryPath
        self.redactions = redactions
    }

    /// `verdicts` with the grader's absolute paths rewritten as repository paths (see ``PathRedaction``).
    public func redacted(_ verdicts: [Verdict]) -> [Verdict] {
        verdicts.map { verdict in
            let kata = verdict.kata.id
            return redactions[kata]?.apply(verdict, display: { repositoryPath(kata, $0) }) ?? verdict
        }
    }
}

extension CheckResult {
    /// Message and advice together, for formats with one text field per test.
    var explanation: String {
        [message, advice.map { "Next step: \($0)" }].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
