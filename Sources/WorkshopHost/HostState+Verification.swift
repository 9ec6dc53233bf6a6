import DIKataCore
import Foundation

extension HostState {
    /// Keeps the host's regrade of a result and marks the dashboard; a regrade of a result whose
    /// participant was removed meanwhile is dropped.
    public func record(_ stored: WorkshopStore.StoredVerification) throws {
        guard try store.addVerification(stored) else { return }
        aggregate.verify(
            participant: stored.participant, kata: stored.kata, gradedAt: stored.gradedAt, stored.verification)
        changed()
    }

    /// `aggregate` with the regrades kept in the store: back on the dashboard after a restart.
    static func restoringVerifications(_ aggregate: DashboardAggregate, from store: WorkshopStore) throws
        -> DashboardAggregate
    {
        var restored = aggregate
        for stored in try store.verifications() {
            restored.verify(
                participant: stored.participant, kata: stored.kata, gradedAt: stored.gradedAt, stored.verification)
        }
        return restored
    }
}
