import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// Grades the fixture kata's submissions, one per outcome, and asserts the status of every check.
    @Suite(.serialized) struct GradingOutcomeTests {
        static let allPassed: [String: CheckStatus] = [
            "contract-init": .passed, "no-default-init": .passed, "signs-in": .passed,
            "rejects-wrong-password": .passed, "login-independent": .passed, "imports-declared": .passed,
            "no-shared": .passed,
        ]

        func grade(_ outcome: String?, substitutions: [String: String] = [:]) async throws -> (Verdict, URL) {
            let package = try Fixtures.submission(outcome, substitutions: substitutions)
            let verdict = try await Fixtures.grader().grade(try Fixtures.loginKata(), package: package)
            return (verdict, package)
        }

        func statuses(_ verdict: Verdict) -> [String: CheckStatus] {
            Dictionary(uniqueKeysWithValues: verdict.checks.map { ($0.id, $0.status) })
        }

        func expecting(_ changes: [String: CheckStatus]) -> [String: CheckStatus] {
            Self.allPassed.merging(changes) { _, new in new }
        }

        @Test func passes() async throws {
            let (verdict, _) = try await grade(nil)
            #expect(statuses(verdict) == Self.allPassed)
            #expect(verdict.outcome == .passed)
            #expect(verdict.totals.points == 11 && verdict.totals.maxPoints == 11)
            #expect(verdict.problems.isEmpty)
        }

        @Test func starterFailsTheKeyChecks() async throws {
            let package = try Fixtures.submission(nil, solution: false)
            let verdict = try await Fixtures.grader().grade(try Fixtures.loginKata(), package: package)
            #expect(
                statuses(verdict)
                    == expecting([
                        "contract-init": .compileError, "no-default-init": .failed, "signs-in": .compileError,
                        "rejects-wrong-password": .compileError, "login-independent": .failed, "no-shared": .failed,
                    ]))
            #expect(
                verdict.check("no-shared")?.location
                    == SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 7))
            #expect(verdict.check("contract-init")?.advice?.contains("init(authenticate:)") == true)
        }

        @Test func assertionFailure() async throws {
            let (verdict, _) = try await grade("assertion-failure")
            #expect(statuses(verdict) == expecting(["signs-in": .failed]))
            let message = try #require(verdict.check("signs-in")?.message)
            #expect(message.contains("Hello, ann"))
            #expect(message.contains("A correct password signs in"))
            #expect(verdict.outcome == .failed)
        }

        @Test func compileErrorInLearnerCode() async throws {
            let (verdict, _) = try await grade("compile-error")
            #expect(
                statuses(verdict)
                    == expecting([
                        "contract-init": .compileError, "no-default-init": .compileError, "signs-in": .compileError,
                        "rejects-wrong-password": .compileError,
                    ]))
            let check = try #require(verdict.check("signs-in"))
            #expect(check.location?.file == "Sources/Login/LoginViewModel.swift")
            #expect(check.location?.line == 9)
            #expect(check.message?.contains("undefinedMessage") == true)
        }

        @Test func missingContractAPICostsOnlyItsChecks() async throws {
            let (verdict, _) = try await grade("missing-contract")
            #expect(
                statuses(verdict)
                    == expecting([
                        "contract-init": .compileError, "signs-in": .compileError,
                        "rejects-wrong-password": .compileError,
                    ]))
            #expect(verdict.check("contract-init")?.advice?.contains("init(authenticate:)") == true)
        }

        @Test func aWayToSkipTheDependencyIsFound() async throws {
            let (verdict, _) = try await grade("negative-violated")
            #expect(statuses(verdict) == expecting(["no-default-init": .failed]))
            let message = verdict.check("no-default-init")?.message ?? ""
            #expect(message.contains("`convenience init()`") || message.contains("`init()`"), "\(message)")
            #expect(message.contains("without the caller choosing its Authenticate"), "\(message)")
            #expect(verdict.check("no-default-init")?.location?.file == "Sources/Login/LoginViewModel.swift")
        }

        @Test func forbiddenTargetDependency() async throws {
            let (verdict, _) = try await grade("forbidden-dependency")
            #expect(statuses(verdict) == expecting(["login-independent": .failed]))
            #expect(verdict.check("login-independent")?.message == "Login depends on APIClient in Package.swift.")
        }

        @Test func undeclaredImport() async throws {
            let (verdict, _) = try await grade("undeclared-import")
            // `swift build` compiles an import of a sibling target it happened to build first, so
            // dikata compiles it too (after trying the declared dependencies alone): only the
            // imports check fails, and it names the undeclared module.
            #expect(statuses(verdict) == expecting(["imports-declared": .failed]))
            #expect(verdict.check("imports-declared")?.message?.contains("APIClient") == true)
            #expect(
                verdict.check("imports-declared")?.location
                    == SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 1))
        }

        @Test func lintsReadATargetWhereverItsPathPutsIt() async throws {
            let package = try Fixtures.submission(nil)
            let fileManager = FileManager.default
            try fileManager.createDirectory(
                at: package.appendingPathComponent("Code"), withIntermediateDirectories: true)
            try fileManager.moveItem(
                at: package.appendingPathComponent("Sources/Login"), to: package.appendingPathComponent("Code/Login"))
            let manifest = package.appendingPathComponent("Package.swift")
            let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
                of: #".target(name: "Login")"#, with: #".target(name: "Login", path: "Code/Login")"#)
            #expect(text.contains("Code/Login"), "The solution's manifest changed: \(text)")
            try text.write(to: manifest, atomically: true, encoding: .utf8)
            let kata = try Fixtures.loginKata()
            // Moved, and still correct: it passes, lints included.
            #expect(try await Fixtures.grader().grade(kata, package: package).outcome == .passed)

            // Moved, and reaching for a shared instance: the lint still sees it there.
            try "let fallback = ServerAPIClient.shared\n".write(
                to: package.appendingPathComponent("Code/Login/Fallback.swift"), atomically: true, encoding: .utf8)
            let verdict = try await Fixtures.grader().grade(kata, package: package)
            #expect(verdict.check("no-shared")?.status == .failed)
            #expect(verdict.check("no-shared")?.location?.file == "Code/Login/Fallback.swift")
        }

        @Test func fatalErrorCrashesOnlyItsTest() async throws {
            let (verdict, _) = try await grade("fatal-error")
            #expect(statuses(verdict) == expecting(["rejects-wrong-password": .crashed]))
            let check = try #require(verdict.check("rejects-wrong-password"))
            #expect(check.message?.contains("wrong passwords are not handled yet") == true)
            #expect(check.location?.file == "Sources/Login/LoginViewModel.swift")
            #expect(check.location?.line == 10)
        }

        @Test func aCrashInEveryTestIsBlamedOnEachOfThem() async throws {
            let (verdict, _) = try await grade("crash-in-every-test")
            #expect(statuses(verdict) == expecting(["signs-in": .crashed, "rejects-wrong-password": .crashed]))
            for id in ["signs-in", "rejects-wrong-password"] {
                #expect(verdict.check(id)?.message?.contains("Index out of range") == true)
            }
        }

        @Test func infiniteLoopTimesOutOnlyItsTest() async throws {
            let (verdict, _) = try await grade("infinite-loop")
            #expect(statuses(verdict) == expecting(["rejects-wrong-password": .timedOut]))
            #expect(verdict.duration < 30)
            #expect(verdict.check("rejects-wrong-password")?.advice?.hasPrefix("signIn never finished") == true)
        }

        @Test func outputFloodIsCapped() async throws {
            let (verdict, _) = try await grade("output-flood")
            #expect(statuses(verdict) == expecting(["rejects-wrong-password": .failed]))
            let check = try #require(verdict.check("rejects-wrong-password"))
            #expect(check.output.utf8.count <= 16 * 1024)
            // Everything past the cap is counted, not kept. (The flood is 2 MB, not more: the
            // fixture's checks get 3 s each, and under the slow suites' load a 10 MB flood took
            // longer than that to cross the pipe.)
            #expect(check.outputDroppedBytes > 2_000_000)
        }

        @Test func writeOutsideTheBuildFolderIsBlocked() async throws {
            let target = "/var/tmp/dikata-escape-\(UUID().uuidString)"
            let (verdict, _) = try await grade("write-outside", substitutions: ["ESCAPE_PATH": target])
            #expect(statuses(verdict) == Self.allPassed)
            #expect(verdict.isolation == .bubblewrap)
            #expect(!FileManager.default.fileExists(atPath: target))
        }

        @Test func networkConnectionIsBlocked() async throws {
            let listener = try LoopbackListener()
            let (verdict, _) = try await grade("network-attempt", substitutions: ["PORT": "\(listener.port)"])
            // Refused before it runs: the code names socket functions, which katas never allow.
            #expect(
                statuses(verdict)
                    == expecting([
                        "contract-init": .notRun, "no-default-init": .notRun, "signs-in": .notRun,
                        "rejects-wrong-password": .notRun,
                    ]))
            let problems = verdict.problems.joined(separator: "\n")
            #expect(problems.contains("Refused: Sources/Login/"))
            #expect(problems.contains("(the network)"))
            #expect(verdict.isolation == .bubblewrap)
            #expect(listener.acceptPending() == 0)
        }

        @Test func gradingNeverChangesTheWorkspace() async throws {
            let package = try Fixtures.submission("fatal-error")
            let before = Fixtures.treeDigest(package)
            _ = try await Fixtures.grader().grade(try Fixtures.loginKata(), package: package)
            _ = try await Fixtures.grader().grade(try Fixtures.loginKata(), package: package)
            #expect(Fixtures.treeDigest(package) == before)
        }

        @Test func regradeAfterABodyEditReusesTheChecks() async throws {
            let package = try Fixtures.submission("assertion-failure")
            let grader = try await Fixtures.grader()
            let kata = try Fixtures.loginKata()
            #expect(try await grader.grade(kata, package: package).check("signs-in")?.status == .failed)
            let file = package.appendingPathComponent("Sources/Login/LoginViewModel.swift")
            let fixed = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "Hello", with: "Welcome")
            try fixed.write(to: file, atomically: true, encoding: .utf8)
            // Each module of hidden checks records what it was compiled from in checks/<module>/stamp.
            let checks = grader.buildDirectory(for: kata, package: package).appendingPathComponent("checks")
            func stamps() throws -> [String: String] {
                var found: [String: String] = [:]
                for module in try FileManager.default.contentsOfDirectory(atPath: checks.path) {
                    let stamp = checks.appendingPathComponent("\(module)/stamp")
                    if let text = try? String(contentsOf: stamp, encoding: .utf8) { found[module] = text }
                }
                return found
            }
            let stampsBefore = try stamps()
            #expect(stampsBefore.keys.contains("HiddenChecks1") && stampsBefore.keys.contains("HiddenChecks"))
            let verdict = try await grader.grade(kata, package: package)
            #expect(statuses(verdict) == Self.allPassed)
            #expect(try stamps() == stampsBefore, "a body edit recompiles no hidden checks")
        }
    }
}
