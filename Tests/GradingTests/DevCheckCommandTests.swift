import Foundation
import TestSupport
import Testing

extension Slow {
    /// `dikata dev check` as a kata author runs it: its report, and its exit codes. Whether every
    /// kata of the library is sound is `KataIntegrityTests`' question (the same verifier, every
    /// kata); this suite pins the command around it, on the warm-up alone.
    @Suite(.serialized) struct DevCheckCommandTests {
        @Test func aSoundKataIsReportedCheckByCheckAndExitsZero() async throws {
            let run = try await CommandLineTests().dikata(["dev", "check", "0"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("00-warm-up · "), "\(run.stdout)")
            #expect(run.stdout.contains("✓ solution passes every check  5/5 points"))
            #expect(run.stdout.contains("✓ variant loops-forever fails counts-down"))
            #expect(run.stdout.contains("✓ alternative passes-recursion passes every check  5/5 points"))
            #expect(run.stdout.hasSuffix("  sound\n\n"))
            #expect(!run.stdout.contains("01-singleton"), "only the kata named is checked")
        }

        @Test func anUnsoundKataNamesItsProblemAndExitsOne() async throws {
            let library = try Fixtures.temporaryDirectory("dev-check-library").appendingPathComponent("Katas")
            try FileManager.default.copyItem(at: Fixtures.katas, to: library)
            // A known-bad variant that claims to be a correct alternative solution.
            try Data("description: Claims to be correct.\npasses: all\n".utf8).write(
                to: library.appendingPathComponent("00-warm-up/variants/greets-the-world/variant.yaml"))
            let run = try await CommandLineTests().dikata(["dev", "check", "00-warm-up", "--library", library.path])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stdout.contains("✗ alternative greets-the-world passes every check"), "\(run.stdout)")
            #expect(
                run.stdout.contains(
                    "→ The alternative solution greets-the-world does not pass welcomes-by-name [failed]"))
            #expect(run.stdout.hasSuffix("NOT SOUND: 1 problem\n\n"))
        }

        @Test func anUnknownKataIsAUsageError() async throws {
            let run = try await CommandLineTests().dikata(["dev", "check", "no-such-kata"])
            #expect(run.status == 2)
            #expect(run.stderr.contains("No kata matches \"no-such-kata\". Known katas: 00-warm-up, 01-singleton"))
            #expect(run.stdout.isEmpty)
        }
    }
}
