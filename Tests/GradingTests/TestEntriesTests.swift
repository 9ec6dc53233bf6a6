import Foundation
import TestSupport
import Testing

@testable import Grading

/// The kata's hidden tests are declared to Swift Testing once (in the runner's entry point), and
/// each group of checks compiles its test files without `@Test` (issue 15: the macro cost 5–15 ms
/// a test in every compile after a declaration edit). Only files whose tests are all plain take
/// that path; anything else compiles with its macros, as before.
@Suite("Test entries: the hidden tests declared once, the groups compiled without @Test")
struct TestEntriesTests {
    @Test func plainTestsAreFoundWithTheirEffectsAndIsolation() throws {
        let text = """
            import Launch
            import Testing

            @Test func welcomes() {
                Expect.that(true, "")
            }

            @Test @MainActor func readsOnMain() async {}
            @MainActor @Test func throwsOnMain() async throws {}
            @Testing.Test func plainThrows() throws {}

            func helper() {}
            """
        let file = try #require(TestEntries.scan(text))
        #expect(
            file.tests == [
                .init(name: "welcomes", isAsync: false, isThrowing: false, isMainActor: false),
                .init(name: "readsOnMain", isAsync: true, isThrowing: false, isMainActor: true),
                .init(name: "throwsOnMain", isAsync: true, isThrowing: true, isMainActor: true),
                .init(name: "plainThrows", isAsync: false, isThrowing: true, isMainActor: false),
            ])
        // Blanked, not removed: every line and column of the copy is the file's own.
        let plain = TestEntries.plainText(text, blanking: file.attributes)
        #expect(plain.utf8.count == text.utf8.count)
        #expect(
            plain.split(separator: "\n", omittingEmptySubsequences: false).count
                == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(!plain.contains("@Test") && !plain.contains("@Testing.Test"))
        #expect(plain.contains("\n      @MainActor func readsOnMain() async {}\n"))
        #expect(plain.contains("\n@MainActor       func throwsOnMain() async throws {}\n"))
        #expect(TestEntries.scan(plain)?.tests == [])
    }

    @Test(arguments: [
        "@Test(\"A name\") func named() {}",
        "@Test(.serialized) func traits() {}",
        "@Test(arguments: [1, 2]) func withArguments(value: Int) {}",
        "@Test func withParameter(value: Int) {}",
        "struct Checks { @Test func inAType() {} }",
        "@Suite struct Checks {}",
        "#if DEBUG\n@Test func conditional() {}\n#endif",
        "@Test private func hidden() {}",
        "@Test func typedThrows() throws(CancellationError) {}",
        "@Test func returns() -> Int { 1 }",
        "@Test @available(macOS 15, *) func available() {}",
        "@Test func generic<T>() {}",
        "@Test func `spaced name`() {}",
        "@Test func broken( {",
    ])
    func anythingButPlainTestsKeepsTheMacros(_ text: String) {
        #expect(TestEntries.scan("import Testing\n" + text) == nil, "\(text)")
    }

    @Test func aKataIsPlannedOnlyWhenEveryFileIsPlainAndNoTwoTestsShareAName() {
        let one = TestEntries.File(
            tests: [.init(name: "a", isAsync: false, isThrowing: false, isMainActor: false)], attributes: [0..<5])
        let other = TestEntries.File(
            tests: [.init(name: "b", isAsync: true, isThrowing: false, isMainActor: false)], attributes: [0..<5])
        #expect(TestEntries.plan(["A.swift": one, "B.swift": other])?.count == 2)
        #expect(TestEntries.plan(["A.swift": one, "B.swift": nil]) == nil)
        #expect(TestEntries.plan(["A.swift": one, "B.swift": one]) == nil)
    }

    @Test func everyKatasTestsAreDeclaredOnce() throws {
        for kata in try FileManager.default.contentsOfDirectory(atPath: Fixtures.katas.path).sorted() {
            let tests = Fixtures.katas.appendingPathComponent("\(kata)/hidden/tests")
            guard FileManager.default.fileExists(atPath: tests.path) else { continue }
            var files: [String: TestEntries.File?] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: tests.path) where name.hasSuffix(".swift") {
                files[name] = TestEntries.scan(
                    try String(contentsOf: tests.appendingPathComponent(name), encoding: .utf8))
            }
            let plan = try #require(TestEntries.plan(files), "\(kata)")
            #expect(plan.values.flatMap(\.tests).count > 0, "\(kata)")
        }
    }

    @Test func symbolsAreASCIIAndOnePerName() {
        #expect(TestEntries.symbol(for: "ab") == "dikata_check_6162")
        #expect(TestEntries.symbol(for: "café") == "dikata_check_636166c3a9")
        #expect(TestEntries.symbol(for: "ab") != TestEntries.symbol(for: "ba"))
    }

    @Test func entriesCallEachTestAsItIsDeclared() {
        let tests: [TestEntries.Test] = [
            .init(name: "sync", isAsync: false, isThrowing: false, isMainActor: false),
            .init(name: "onMain", isAsync: false, isThrowing: false, isMainActor: true),
            .init(name: "both", isAsync: true, isThrowing: true, isMainActor: false),
        ]
        let entries = TestEntries.entriesSource(tests)
        #expect(
            entries.contains(
                "@_silgen_name(\"\(TestEntries.symbol(for: "sync"))\") func __dikataEntry2() async throws { sync() }"))
        #expect(entries.contains("{ await onMain() }"))
        #expect(entries.contains("{ try await both() }"))
        let registrations = TestEntries.registrationSource(tests)
        #expect(registrations.contains("@Test func both() async throws { try await __dikataCheck0() }"))
        #expect(
            registrations.contains(
                "@_silgen_name(\"\(TestEntries.symbol(for: "both"))\") func __dikataCheck0() async throws\n"))
        // A test whose file did not compile fails; it never passes without its body.
        let stubs = TestEntries.stubsSource([tests[0]])
        #expect(stubs.contains("Issue.record("))
        #expect(stubs.contains(TestEntries.symbol(for: "sync")))
    }
}
