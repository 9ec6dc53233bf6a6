/// What the grader is doing, for live progress displays.
public enum GradingStage: Equatable, Sendable {
    /// Another grade of the same kata (another terminal, the tutorial's watch) is running.
    case waiting(kata: String)
    case readingPackage
    case building(target: String)
    case buildingChecks
    case runningChecks
    case finished

    /// The words every progress display shows (the tutorial's status line, `dikata grade`'s
    /// live line on a terminal).
    public var summary: String {
        switch self {
        case .waiting(let kata): "waiting for the other grade of \(kata)…"
        case .readingPackage: "reading your package…"
        case .building(let target): "building \(target)…"
        case .buildingChecks: "building the checks…"
        case .runningChecks: "running the checks…"
        case .finished: "finishing…"
        }
    }
}
