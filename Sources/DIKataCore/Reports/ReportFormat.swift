/// The report formats `dikata grade --format` can print.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Readable text for a terminal.
    case text
    /// dikata's own versioned JSON (`docs/verdict-schema.json`).
    case json
    /// Exercism test-runner `results.json`, version 3.
    case exercism
    /// Gradescope autograder `results.json`.
    case gradescope
    /// JUnit XML, one test suite per kata.
    case junit
    /// GitHub Actions annotations (plus a Markdown step summary when `GITHUB_STEP_SUMMARY` is set).
    case github
    /// A Markdown summary.
    case markdown
    /// GitHub Classroom's autograding runner result (read by the autograding grading reporter), with points.
    case classroom
}
