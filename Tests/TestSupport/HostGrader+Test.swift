import Foundation
import Testing
import WorkshopHost

extension HostGrader {
    /// Records an issue naming the kata when anything is graded: for hosts that must not regrade.
    public static let failing = HostGrader { kata, _ in
        Issue.record("HostGrader.grade was called unexpectedly (kata \(kata))")
        return .failed("the failing test grader was called")
    }

    /// Answers every grade with `outcome`.
    public static func answering(_ outcome: Outcome) -> HostGrader { HostGrader { _, _ in outcome } }
}
