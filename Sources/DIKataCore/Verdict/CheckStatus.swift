/// How one check ended. Only `.passed` earns points.
public enum CheckStatus: String, Codable, Equatable, Sendable, CaseIterable {
    case passed
    case failed
    case compileError = "compile_error"
    case crashed
    case timedOut = "timed_out"
    case notRun = "not_run"

    /// A short word for text reports.
    public var label: String {
        switch self {
        case .passed: "pass"
        case .failed: "fail"
        case .compileError: "build"
        case .crashed: "crash"
        case .timedOut: "timeout"
        case .notRun: "not run"
        }
    }
}
