import DIKataCore
import Foundation
import TestSupport
import Testing
import WorkshopHost

/// The host's state over a real SQLite file, with a clock the test moves and seeded
/// randomness: milliseconds, no server.
@Suite struct HostStateTests {
    let clock = TestClock()

    /// A new room's database in a fresh folder.
    func freshStore() throws -> WorkshopStore {
        try WorkshopStore(path: Fixtures.temporaryDirectory("host-state").appendingPathComponent("w.sqlite").path)
    }

    func openHost(seed: UInt64 = 1, store: WorkshopStore? = nil) throws -> HostState {
        let store = try store ?? freshStore()
        return try HostState(
            store: store, katas: ["00-warm-up", "01-singleton"],
            dependencies: .controlled(clock: clock, seed: seed))
    }

    @Test func secretsComeFromTheInjectedRandomnessAndAreReproducible() async throws {
        let first = try await openHost(seed: 7).currentSecrets()
        let again = try await openHost(seed: 7).currentSecrets()
        let other = try await openHost(seed: 8).currentSecrets()
        #expect(first == again)
        #expect(first.joinCode != other.joinCode)
        #expect(first.joinCode.count == 6)
        #expect(first.joinCode.allSatisfy { "ABCDEFGHJKMNPQRSTUVWXYZ23456789".contains($0) })
        for token in [first.facilitatorToken, first.projectorToken] {
            #expect(token.count == 64)
            #expect(token.allSatisfy { $0.isHexDigit })
        }
        #expect(first.facilitatorToken != first.projectorToken)
    }

    @Test func aReopenedRoomKeepsItsCodeAndTokensAndDrawsNoRandomness() async throws {
        let store = try freshStore()
        let opened = try openHost(store: store)
        let reopened = try HostState(store: store, katas: ["00-warm-up"], dependencies: .failing)
        #expect(await reopened.currentSecrets() == opened.currentSecrets())
        #expect(reopened.katas == ["00-warm-up", "01-singleton"])
    }

    @Test func bytesAboveTheAlphabetsLastMultipleAreDrawnAgainNotFolded() async throws {
        // 31 letters: 248 is the largest multiple below 256, so 0xFF is refused each round and
        // the code still comes out (after the generator's last round) rather than looping.
        let store = try freshStore()
        let host = try HostState(store: store, katas: ["00-warm-up"], dependencies: .constant(0xFF))
        #expect(await host.joinCode.count == 6)
        let zeros = try HostState(
            store: freshStore(),
            katas: ["00-warm-up"], dependencies: .constant(0))
        #expect(await zeros.joinCode == "AAAAAA")
    }

    @Test func aParticipantGetsAVersion4IdAndATokenOnlyItsHashIsStored() async throws {
        let host = try openHost()
        let (id, token) = try await host.join(code: host.joinCode, name: "Ada").get()
        let uuid = try #require(UUID(uuidString: id))
        #expect(id == uuid.uuidString.lowercased())
        #expect(Array(id)[14] == "4")
        #expect("89ab".contains(Array(id)[19]))
        #expect(token.count == 64)
        #expect(try host.store.participant(tokenHash: WorkshopStore.hash(token))?.name == "Ada")
        #expect(try host.store.participant(tokenHash: token) == nil)
    }

    @Test func theRateLimitRefillsWithTheInjectedClock() async throws {
        let host = try openHost()
        for _ in 0..<30 { #expect(await host.allow("k")) }
        #expect(await !host.allow("k"))
        clock.advance(by: 0.5)  // 10 per second: five more
        for _ in 0..<5 { #expect(await host.allow("k")) }
        #expect(await !host.allow("k"))
        #expect(await host.allow("another key"))
    }

    @Test func pacingIsStampedWithTheInjectedClock() async throws {
        let host = try openHost()
        try await host.broadcast("Stage 2 in five minutes")
        clock.advance(by: 60)
        try await host.startCountdown(seconds: 300)
        try await host.unlock("01-singleton")
        let room = await host.currentRoom()
        #expect(room.message == "Stage 2 in five minutes")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(room.messageSentAt == start)
        #expect(room.countdownEndsAt == start.addingTimeInterval(60 + 300))
        #expect(room.unlocked == ["01-singleton"])
    }
}
