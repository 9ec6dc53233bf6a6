import DIKataCore
import Foundation
import Testing

/// A result the host regraded is marked on the dashboard and in the export: verified when the
/// host's grade agrees with the reported one, mismatch (with the host's grade) when not, and
/// self-reported otherwise (issue 17, "Going beyond").
@Suite struct VerificationMarkingTests {
    static let room = RoomState(katas: ["00-warm-up"])
    static let now = Date(timeIntervalSince1970: 1_800_000_600)

    static func claim(_ id: String, points: Int, passed: Bool, at seconds: Double) -> ResultSubmission {
        ResultSubmission(
            id: id, kata: "00-warm-up", points: points, maxPoints: 11, passed: passed,
            checks: [.init(id: "signs-in", status: passed ? .passed : .failed)], durationMilliseconds: 5,
            gradedAt: Date(timeIntervalSince1970: 1_800_000_000 + seconds), code: ["Package.swift": "// x"])
    }

    func aggregate(_ claims: [ResultSubmission]) -> DashboardAggregate {
        var aggregate = DashboardAggregate()
        aggregate.join(id: "p", name: "Ada", lastSeen: nil)
        for claim in claims { aggregate.add(.init(participant: "p", submission: claim)) }
        return aggregate
    }

    func cell(_ aggregate: DashboardAggregate) -> Dashboard.Cell? {
        aggregate.dashboard(room: Self.room, now: Self.now).participants.first?.cells["00-warm-up"]
    }

    @Test func aRegradeThatAgreesMarksTheCellVerified() throws {
        let claim = Self.claim("r1", points: 11, passed: true, at: 0)
        var aggregate = aggregate([claim])
        #expect(cell(aggregate)?.trust == nil, "no regrade yet: the dashboard's own trust applies")
        let verification = Verification.compare(claim, points: 11, maxPoints: 11, passed: true, at: Self.now)
        #expect(verification.status == .verified)
        aggregate.verify(participant: "p", kata: "00-warm-up", gradedAt: claim.gradedAt, verification)
        #expect(cell(aggregate)?.trust == .verified)
        #expect(cell(aggregate)?.verification?.points == 11)
        let csv = aggregate.dashboard(room: Self.room, now: Self.now).csv()
        #expect(csv.split(whereSeparator: \.isNewline).last?.hasSuffix(",verified") == true, "\(csv)")
    }

    @Test func aForgedPassIsShownAsAMismatchWithTheHostsGrade() throws {
        let forged = Self.claim("r1", points: 11, passed: true, at: 0)
        var aggregate = aggregate([forged])
        let verification = Verification.compare(forged, points: 3, maxPoints: 11, passed: false, at: Self.now)
        #expect(verification.status == .mismatch)
        #expect(verification.claimedPoints == 11 && verification.claimedPassed)
        aggregate.verify(participant: "p", kata: "00-warm-up", gradedAt: forged.gradedAt, verification)
        let marked = try #require(cell(aggregate))
        #expect(marked.status == .passed, "the reported pass still shows, next to the host's grade")
        #expect(marked.trust == .mismatch)
        #expect(marked.trustText == "mismatch (host: 3/11)")
        #expect(marked.trustMark == " ≠")
        let csv = aggregate.dashboard(room: Self.room, now: Self.now).csv()
        #expect(csv.contains(",mismatch (host: 3/11)"), "\(csv)")
        // A newer attempt, not regraded yet, keeps the mismatch showing.
        aggregate.add(.init(participant: "p", submission: Self.claim("r2", points: 11, passed: true, at: 60)))
        #expect(cell(aggregate)?.trust == .mismatch)
    }

    @Test func aVerifiedOlderAttemptDoesNotVouchForANewerOne() throws {
        let first = Self.claim("r1", points: 3, passed: false, at: 0)
        let second = Self.claim("r2", points: 11, passed: true, at: 60)
        var aggregate = aggregate([first, second])
        aggregate.verify(
            participant: "p", kata: "00-warm-up", gradedAt: second.gradedAt,
            .compare(second, points: 11, maxPoints: 11, passed: true, at: Self.now))
        // A late regrade of the older attempt does not replace the newer one's.
        aggregate.verify(
            participant: "p", kata: "00-warm-up", gradedAt: first.gradedAt,
            .compare(first, points: 3, maxPoints: 11, passed: false, at: Self.now))
        #expect(cell(aggregate)?.verification?.resultId == "r2")
        #expect(cell(aggregate)?.trust == .verified)
        aggregate.add(.init(participant: "p", submission: Self.claim("r3", points: 11, passed: true, at: 120)))
        #expect(cell(aggregate)?.trust == .selfReported, "the latest attempt (r3) was not regraded")
        #expect(cell(aggregate)?.trustMark == "")
    }

    @Test func anUnverifiableRegradeLeavesTheResultSelfReported() throws {
        let claim = Self.claim("r1", points: 11, passed: true, at: 0)
        var aggregate = aggregate([claim])
        aggregate.verify(
            participant: "p", kata: "00-warm-up", gradedAt: claim.gradedAt,
            .unverifiable(claim, because: "grading took longer than 300 s", at: Self.now))
        #expect(cell(aggregate)?.trust == .selfReported)
        #expect(cell(aggregate)?.verification?.detail == "grading took longer than 300 s")
        #expect(aggregate.dashboard(room: Self.room, now: Self.now).csv().hasSuffix(",self-reported\r\n"))
    }

    @Test func regradesOfRemovedOrUnknownParticipantsAreDropped() throws {
        let claim = Self.claim("r1", points: 11, passed: true, at: 0)
        var aggregate = aggregate([claim])
        let verification = Verification.compare(claim, points: 11, maxPoints: 11, passed: true, at: Self.now)
        aggregate.verify(participant: "stranger", kata: "00-warm-up", gradedAt: claim.gradedAt, verification)
        #expect(cell(aggregate)?.trust == nil)
        aggregate.verify(participant: "p", kata: "00-warm-up", gradedAt: claim.gradedAt, verification)
        aggregate.remove(id: "p")
        aggregate.join(id: "p", name: "Ada", lastSeen: nil)
        aggregate.add(.init(participant: "p", submission: claim))
        #expect(cell(aggregate)?.trust == nil, "a removed participant's regrades left with them")
    }

    @Test func theMarksTravelInTheDashboardsJSON() throws {
        let claim = Self.claim("r1", points: 11, passed: true, at: 0)
        var aggregate = aggregate([claim])
        aggregate.verify(
            participant: "p", kata: "00-warm-up", gradedAt: claim.gradedAt,
            .compare(claim, points: 0, maxPoints: 11, passed: false, at: Self.now))
        let dashboard = aggregate.dashboard(room: Self.room, now: Self.now)
        let json = String(decoding: try WorkshopWire.encoder.encode(dashboard), as: UTF8.self)
        #expect(json.contains("\"trust\":\"mismatch\""))
        #expect(json.contains("\"claimed_points\":11"))
        #expect(try WorkshopWire.decoder.decode(Dashboard.self, from: Data(json.utf8)) == dashboard)
    }

    @Test func aRegradesTextsArePrintedInert() throws {
        let claim = Self.claim("r1\u{1B}[2J", points: 11, passed: true, at: 0)
        var aggregate = aggregate([claim])
        aggregate.verify(
            participant: "p", kata: "00-warm-up", gradedAt: claim.gradedAt,
            .unverifiable(claim, because: "bad path \u{1B}]8;;evil\u{7}", at: Self.now))
        let cell = try #require(
            aggregate.dashboard(room: Self.room, now: Self.now).inert().participants.first?.cells["00-warm-up"])
        let texts = [cell.verification?.resultId ?? "", cell.verification?.detail ?? ""]
        #expect(texts.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\u{7}") }, "\(texts)")
    }
}
