/// What the grader is doing, for live progress displays.
public enum GradingStage: Equatable, Sendable {
    case readingPackage
    case building(target: String)
    case buildingChecks
    case runningChecks
    case finished
}
