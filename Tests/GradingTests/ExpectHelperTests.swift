import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

extension Slow {
    /// `Expect`, the helper dikata adds to every module of hidden checks: `that`, `fail` and
    /// `require` behave as `#expect`, `Issue.record` and `#require` do in a grade, and none of
    /// them needs swift-testing's macro plugin, whose loading a group of checks would otherwise
    /// pay on every declaration edit.
    @Suite(.serialized) struct ExpectHelperTests {
        /// The fixture kata with its sign-in check written with the helper: a requirement, then
        /// an expectation that fails only if the test went on after a failed requirement.
        static let checks = """
            import Login
            import Testing

            @Test func signsInWithInjectedAuthenticator() throws {
                let viewModel = LoginViewModel(authenticate: { user, password in user == "ann" && password == "secret" })
                let greeting = viewModel.signIn(user: "ann", password: "secret")
                try Expect.require(greeting == "Welcome, ann", "A correct password should greet ann; it said \\(greeting).")
                Expect.that(greeting.hasPrefix("Welcome"), "The test went on after its requirement failed.")
            }

            @Test func rejectsWrongPassword() {
                let viewModel = LoginViewModel(authenticate: { _, password in password == "secret" })
                let answer = viewModel.signIn(user: "ann", password: "wrong")
                if answer != "Wrong password" { Expect.fail("A wrong password should be refused; it said \\(answer).") }
            }

            """

        func kata() throws -> Kata {
            let directory = try Fixtures.temporaryDirectory("expect-helper").appendingPathComponent("00-warm-up")
            try FileManager.default.copyItem(at: try Fixtures.loginKata().directory, to: directory)
            try Self.checks.write(
                to: directory.appendingPathComponent("hidden/tests/LoginChecks.swift"), atomically: true,
                encoding: .utf8)
            return try KataLibrary.loadKata(directory, listedAs: "00-warm-up")
        }

        @Test func aCorrectSolutionPassesEveryCheckWrittenWithIt() async throws {
            let kata = try kata()
            let verdict = try await Fixtures.grader().grade(kata, package: try Fixtures.submission(nil, kata: kata))
            #expect(verdict.check("signs-in")?.status == .passed)
            #expect(verdict.check("rejects-wrong-password")?.status == .passed)
            #expect(verdict.outcome == .passed)
        }

        @Test func aFailedRequirementStopsItsTestWithTheAuthorsMessageAlone() async throws {
            let kata = try kata()
            let package = try Fixtures.submission("assertion-failure", kata: kata)
            let verdict = try await Fixtures.grader().grade(kata, package: package)
            #expect(verdict.check("signs-in")?.status == .failed)
            #expect(verdict.check("signs-in")?.message == "A correct password should greet ann; it said Hello, ann.")
            #expect(verdict.check("rejects-wrong-password")?.status == .passed)
        }

        @Test func aRecordedFailureReadsAsItsMessage() async throws {
            let kata = try kata()
            let package = try Fixtures.submission(nil, kata: kata)
            try """
            public final class LoginViewModel {
                private let authenticate: (String, String) -> Bool
                public init(authenticate: @escaping (String, String) -> Bool) { self.authenticate = authenticate }
                public func signIn(user: String, password: String) -> String { "Welcome, \\(user)" }
            }

            """.write(
                to: package.appendingPathComponent("Sources/Login/LoginViewModel.swift"), atomically: true,
                encoding: .utf8)
            let verdict = try await Fixtures.grader().grade(kata, package: package)
            #expect(verdict.check("signs-in")?.status == .passed)
            #expect(verdict.check("rejects-wrong-password")?.status == .failed)
            #expect(
                verdict.check("rejects-wrong-password")?.message
                    == "A wrong password should be refused; it said Welcome, ann.")
        }

        /// The helper as a grade lays it in the build folder type-checks with no macro plugin to
        /// load (the compiler started without `-plugin-path`): a helper that used `#_sourceLocation`,
        /// or any other macro, fails here with "no macro named".
        @Test func theHelperNeedsNoMacroPlugin() async throws {
            let kata = try kata()
            let package = try Fixtures.submission(nil, kata: kata)
            let grader = try await Fixtures.grader()
            _ = try await grader.grade(kata, package: package)
            let helper = BuildFolder(root: grader.buildDirectory(for: kata, package: package)).hiddenSources
                .appendingPathComponent("support/DIKataExpect.swift")
            let folder = try Fixtures.temporaryDirectory("expect-no-plugin")
            let use = folder.appendingPathComponent("Use.swift")
            try """
            func use() throws {
                Expect.that(1 + 1 == 2, "arithmetic")
                Expect.fail("recorded")
                try Expect.require(true, "required")
            }

            """.write(to: use, atomically: true, encoding: .utf8)
            let frontend = URL(fileURLWithPath: grader.environment.swiftc).resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("swift-frontend")
            let process = Process()
            process.executableURL = frontend
            process.arguments = [
                "-frontend", "-typecheck", "-module-name", "HiddenChecks1", "-swift-version", "6",
                "-module-cache-path", folder.appendingPathComponent("module-cache").path, helper.path,
                use.path,
            ]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(output)")
        }
    }
}
