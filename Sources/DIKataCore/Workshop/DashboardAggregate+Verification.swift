import Foundation

extension DashboardAggregate {
    /// A regrade and when the attempt it regraded was graded.
    struct Regrade: Equatable, Sendable {
        var verification: Verification
        var gradedAt: Date
    }

    /// Records the host's regrade of one of `participant`'s attempts at `kata` (graded at
    /// `gradedAt`): a cell shows the regrade of its newest regraded attempt. A regrade of a
    /// participant no longer in the room is ignored.
    public mutating func verify(participant: String, kata: String, gradedAt: Date, _ verification: Verification) {
        guard members.contains(where: { $0.id == participant }) else { return }
        if let current = verifications[participant]?[kata], current.gradedAt > gradedAt { return }
        verifications[participant, default: [:]][kata] = Regrade(verification: verification, gradedAt: gradedAt)
    }
}
