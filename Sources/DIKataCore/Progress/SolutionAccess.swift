/// `dikata solution`: whether the reference solution may be shown. After a pass it is; before,
/// only with `--force`, and then only once the learner confirms (or passed `--yes`).
public enum SolutionAccess: Equatable, Sendable {
    case show
    /// Ask this question and show the solution only on "y".
    case confirm(String)
    case refuse(String)

    public static func decide(kata: String, passed: Bool, force: Bool, yes: Bool, canAsk: Bool) -> SolutionAccess {
        if passed { return .show }
        guard force else {
            return .refuse(
                "\(kata) has not passed yet, so its solution stays hidden. `dikata hint \(kata)` gives the next hint; `dikata solution \(kata) --force` shows the solution anyway (recorded in your progress)."
            )
        }
        if yes { return .show }
        guard canAsk else {
            return .refuse("\(kata) has not passed yet. Add --yes to confirm that you want to see its solution.")
        }
        return .confirm(
            "\(kata) has not passed yet. See the reference solution anyway? It is recorded in your progress. [y/N] ")
    }
}
