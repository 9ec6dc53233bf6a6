import DIKataCore
import Foundation
import Testing

/// The running aggregate gives the same dashboard as building it from every result (issue 17,
/// High 3): checked over seeded random rooms, results arriving out of grading order included.
@Suite struct DashboardAggregateTests {
    let room = RoomState(katas: ["00-warm-up", "01-singleton", "02-global-state"])
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A seeded generator (SplitMix64), so a failure can be replayed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func randomRoom(seed: UInt64) -> ([(id: String, name: String, lastSeen: Date?)], [Dashboard.Attempt]) {
        var random = Seeded(state: seed)
        let people = (0..<Int.random(in: 1...8, using: &random)).map { index in
            (id: "p\(index)", name: ["Ada", "bob", "Cy", "dee"][index % 4] + "\(index)", lastSeen: Date?.none)
        }
        let checks = ["one-id", "debt-free", "no-global", "init"]
        let attempts = (0..<Int.random(in: 0...60, using: &random)).map { _ in
            let kata = (room.katas + ["99-not-in-the-room"]).randomElement(using: &random) ?? ""
            let failing = checks.filter { _ in Bool.random(using: &random) }
            let passed = failing.isEmpty
            return Dashboard.Attempt(
                participant: people.randomElement(using: &random)?.id ?? "",
                submission: ResultSubmission(
                    id: UUID().uuidString, kata: kata, points: Int.random(in: 0...10, using: &random), maxPoints: 10,
                    passed: passed,
                    checks: checks.map { .init(id: $0, status: failing.contains($0) ? .failed : .passed) },
                    durationMilliseconds: 100,
                    // Whole minutes over a short span: ties and out-of-order arrivals are common.
                    gradedAt: now.addingTimeInterval(Double(Int.random(in: 0...12, using: &random)) * 60)))
        }
        return (people, attempts)
    }

    @Test(arguments: 1...200 as ClosedRange<UInt64>)
    func addingResultsOneByOneGivesTheDashboardBuiltFromAll(seed: UInt64) {
        let (people, attempts) = randomRoom(seed: seed)
        var aggregate = DashboardAggregate()
        for person in people { aggregate.join(id: person.id, name: person.name, lastSeen: person.lastSeen) }
        for attempt in attempts { aggregate.add(attempt) }
        // Results are stored ordered by grading time (ties in arrival order), as the host reads them.
        let stored = attempts.enumerated().sorted {
            ($0.element.submission.gradedAt, $0.offset) < ($1.element.submission.gradedAt, $1.offset)
        }.map(\.element)
        let expected = Dashboard.build(participants: people, attempts: stored, room: room, now: now)
        #expect(aggregate.dashboard(room: room, now: now) == expected)
        #expect(DashboardAggregate(participants: people, attempts: stored).dashboard(room: room, now: now) == expected)
    }

    @Test func aRemovedParticipantLeavesNoTrace() {
        let (people, attempts) = randomRoom(seed: 42)
        var aggregate = DashboardAggregate(participants: people, attempts: attempts)
        let gone = people[0].id
        aggregate.remove(id: gone)
        let expected = DashboardAggregate(
            participants: Array(people.dropFirst()), attempts: attempts.filter { $0.participant != gone })
        #expect(aggregate.dashboard(room: room, now: now) == expected.dashboard(room: room, now: now))
    }
}
