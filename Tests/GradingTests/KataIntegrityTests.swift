import DIKataCore
import Foundation
import Grading
import Testing
import TestSupport

/// Every kata dikata ships is sound: its starter compiles and fails its key checks, its solution
/// passes every check, and every check is failed by the starter or a known-bad variant.
struct KataIntegrityTests {
    static let kataIDs: [String] = (try? Fixtures.library().catalog.orderedKataIDs) ?? []

    @Test func theLibraryLoads() throws {
        let library = try Fixtures.library()
        #expect(!library.katas.isEmpty)
        #expect(library.katas.map(\.id) == library.catalog.orderedKataIDs)
    }

    @Test(arguments: kataIDs)
    func kataIsSound(_ id: String) async throws {
        let kata = try #require(try Fixtures.library().kata(id))
        let verifier = KataVerifier(grader: try await Fixtures.grader(), scratch: try Fixtures.temporaryDirectory("verify-\(id)"))
        let report = try await verifier.verify(kata)
        #expect(report.problems == [], "\(id) is not sound")
        #expect(report.solution.outcome == .passed)
    }

    @Test func aVariantThatPassesWhatItShouldFailIsReported() async throws {
        let library = try Fixtures.temporaryDirectory("unsound")
        let kata = library.appendingPathComponent("00-warm-up")
        try FileManager.default.copyItem(at: try Fixtures.loginKata().directory, to: kata)
        // This variant is the correct solution, so it cannot fail the check it claims to.
        let variant = kata.appendingPathComponent("variants/greets-wrongly")
        try FileManager.default.removeItem(at: variant.appendingPathComponent("Sources"))
        // And nothing else fails `signs-in` by an assertion (the starter only fails to compile it).
        let verifier = KataVerifier(grader: try await Fixtures.grader(), scratch: try Fixtures.temporaryDirectory("unsound-scratch"))
        let report = try await verifier.verify(try KataLibrary.loadKata(kata, listedAs: "00-warm-up"))
        #expect(
            report.problems == [
                "Variant greets-wrongly passes signs-in, which it should fail: Greets with \"Hello\" instead of \"Welcome\".",
                "No known-bad version fails signs-in: add a variant that it catches, or it may be vacuous.",
            ])
    }
}
