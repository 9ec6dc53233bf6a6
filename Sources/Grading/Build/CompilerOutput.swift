import DIKataCore

/// What a learner is shown of a tool's output.
enum CompilerOutput {
    /// The first `count` lines of `text`, joined by spaces.
    static func firstLines(_ text: String, _ count: Int) -> String {
        text.split(separator: "\n").prefix(count).joined(separator: " ")
    }

    /// The first compiler error without the hidden file's path (the learner never sees hidden sources).
    static func firstError(_ result: ProcessResult) -> String {
        if result.termination == .timedOut { return "the compiler did not finish in time." }
        if let first = CompilerDiagnostic.errors(in: result.stderr.text + "\n" + result.stdout.text).first {
            return first.message
        }
        return firstLines(result.combinedOutput, 2)
    }
}
