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

    /// Keeps a regrade as `record` does. One the store cannot save is logged and leaves its result
    /// self-reported, as an unmade regrade would: the dashboard never shows a mark it could lose
    /// on a restart.
    func keep(_ stored: WorkshopStore.StoredVerification, log: @Sendable (String) -> Void) {
        do { try record(stored) } catch {
            log(
                "the regrade of result \(stored.verification.resultId) (\(stored.kata)) could not be saved (\(error)); "
                    + "it stays self-reported.")
        }
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

    /// The dashboard of `aggregate`. On a host that regrades, trust is per cell only: no
    /// dashboard-wide claim (`trust` is absent), and every cell with a result carries its own —
    /// verified, mismatch, or self-reported while its latest attempt is not (or cannot be)
    /// regraded. Elsewhere every result is self-reported, and the dashboard says so once.
    static func dashboard(_ aggregate: DashboardAggregate, room: RoomState, now: Date, regrades: Bool) -> Dashboard {
        var dashboard = aggregate.dashboard(room: room, now: now)
        guard regrades else { return dashboard }
        dashboard.trust = nil
        for index in dashboard.participants.indices {
            for (kata, cell) in dashboard.participants[index].cells where cell.trust == nil {
                dashboard.participants[index].cells[kata]?.trust = .selfReported
            }
        }
        return dashboard
    }
}
