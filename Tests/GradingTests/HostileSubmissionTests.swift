import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

/// What grading a hostile submission must show, beyond "it did not pass".
enum HostileExpectation: Sendable, Equatable, CustomStringConvertible {
    /// Refused before any of it ran: a problem says "Refused" and names each of `names` and,
    /// when given, the learner file that uses them.
    case refused(names: [String], file: String?)
    /// The package tried to build a read-only target (KataSupport) from the learner's own
    /// files; the kata's copy was built instead, and the verdict says so.
    case supportIgnored
    /// A dependency rule caught it: a check that did not pass, or a problem, names `module`.
    case dependencyRule(module: String)
    /// The learner's own code no longer compiles: it used a test seam the kata keeps for its
    /// hidden checks.
    case doesNotCompile
    /// Refused as a package problem that mentions each of `words`; nothing was compiled.
    case packageProblem(mentioning: [String])
    /// Resource limits stop it; only "not passed" and "nothing left behind" are asserted.
    case notPassed
    /// It tries to silence the checks' assertions: check `id` still fails with a message that
    /// contains `message` (written by the hidden check, not by the learner).
    case failureRecorded(check: String, message: String)

    var description: String {
        switch self {
        case .refused(let names, let file): "refused (\(names.joined(separator: ", ")) in \(file ?? "any file"))"
        case .supportIgnored: "KataSupport ignored"
        case .dependencyRule(let module): "dependency rule on \(module)"
        case .doesNotCompile: "does not compile"
        case .packageProblem(let words): "package problem (\(words.joined(separator: ", ")))"
        case .notPassed: "does not pass"
        case .failureRecorded(let check, _): "\(check) still fails"
        }
    }
}

/// One hostile learner package: `Fixtures/Hostile/<kata>/<name>`, an overlay on the kata's
/// starter, the class of defect it attacks, and what its grade must show.
struct HostileFixture: Sendable, CustomTestStringConvertible {
    var kata: String
    var name: String
    /// 1 forged results, 2 read-only targets replaced through Package.swift, 3 dependency rules,
    /// 4 reading what the sandbox hides, 5 detecting the grader, 6 self-reporting test seams,
    /// 7 resource limits. Each folder's CHEAT.md says more.
    var defectClass: Int
    var expectation: HostileExpectation

    init(_ kata: String, _ name: String, class defectClass: Int, _ expectation: HostileExpectation) {
        self.kata = kata
        self.name = name
        self.defectClass = defectClass
        self.expectation = expectation
    }

    /// "<kata>/<name>", the folder under `Fixtures/Hostile`.
    var folder: String { "\(kata)/\(name)" }

    /// The prefix of every file this cheat would leave in /tmp if nothing stopped it.
    var temporaryMarker: String { "dikata-cheat-\(name)" }

    var testDescription: String { "\(folder) (class \(defectClass)): \(expectation)" }
}

/// Every hostile submission, and what grading it must show.
enum HostileCorpus {
    static let all: [HostileFixture] = [
        // 01-singleton: the one-run check (every request of one run sends one X-Launch-ID) compiles on
        // the starter, whose client makes a new LaunchID per request, and fails; hiding that failure pays.
        HostileFixture(
            "01-singleton", "raw-pointer-scribble", class: 1,
            .refused(names: ["Unsafe"], file: "Sources/Items/FailureScrubber.swift")),
        HostileFixture("01-singleton", "detect-check-from-tripwire-log", class: 6, .doesNotCompile),
        HostileFixture("01-singleton", "kata-support-replaced-by-path", class: 2, .supportIgnored),
        HostileFixture(
            "01-singleton", "swift-5-mode-hides-data-races", class: 2,
            .packageProblem(mentioning: ["target APIClient", "Swift 5 language mode"])),
        // Refused through the compiled `@Test` macro's symbols, which name no line of the source.
        HostileFixture("01-singleton", "testing-module-fake-test", class: 1, .refused(names: ["Testing"], file: nil)),
        HostileFixture("01-singleton", "huge-allocation", class: 7, .notPassed),
        // The seam's SPI is a convention the compiler does not enforce, so importing it must be refused.
        HostileFixture(
            "01-singleton", "detect-check-through-spi", class: 6,
            .refused(names: ["@_spi"], file: "Sources/APIClient/LaunchID.swift")),

        // 02-global-state: only the production-default check compiles (the others bind
        // `ServerAPIClient.$current`, which the starter lacks), so forging the rest pays.
        HostileFixture(
            "02-global-state", "forge-results-with-filemanager", class: 1,
            .refused(names: ["FileManager"], file: "Sources/Login/ResultRecorder.swift")),
        HostileFixture(
            "02-global-state", "exit-zero-in-init", class: 1,
            .refused(names: ["exit"], file: "Sources/Login/LoginViewModel.swift")),
        HostileFixture(
            "02-global-state", "fork-bomb", class: 7,
            .refused(names: ["fork"], file: "Sources/Items/Prefetcher.swift")),
        HostileFixture(
            "02-global-state", "read-home-folder", class: 4,
            .refused(names: ["FileManager"], file: "Sources/Items/ShelfCache.swift")),
        HostileFixture(
            "02-global-state", "detect-grader-from-argv", class: 5,
            .refused(names: ["CommandLine"], file: "Sources/APIClient/LaunchContext.swift")),
        // Graded after the fixtures above, whose Package.swift is this one's: its reading is kept.
        HostileFixture(
            "02-global-state", "versioned-manifest-swift-5-mode", class: 2,
            .packageProblem(mentioning: ["target APIClient", "Swift 5 language mode"])),

        // 03-property-injection: each overlay adds an unused `client` to both screens (which still read
        // `ServerAPIClient.current`), so the checks compile and fail.
        HostileFixture(
            "03-property-injection", "detect-grader-from-environment", class: 5,
            .refused(names: ["ProcessInfo"], file: "Sources/APIClient/RunMode.swift")),
        HostileFixture(
            "03-property-injection", "cdecl-interpose-write", class: 1,
            .refused(names: ["@_cdecl"], file: "Sources/Items/BufferedOutput.swift")),
        HostileFixture(
            "03-property-injection", "write-event-descriptor", class: 1,
            .refused(names: ["fdopen"], file: "Sources/Login/EventChannel.swift")),
        HostileFixture("03-property-injection", "kata-support-replaced-by-sources", class: 2, .supportIgnored),
        HostileFixture("03-property-injection", "thread-bomb", class: 7, .notPassed),
        HostileFixture("03-property-injection", "hide-from-tripwire", class: 6, .doesNotCompile),
        HostileFixture(
            "03-property-injection", "spi-import-hides-from-tripwire", class: 6,
            .refused(names: ["@_spi"], file: "Sources/APIClient/Unwatched.swift")),

        // 04-extensions: the request checks compile (and pass); the new-endpoint check cannot compile
        // without a public `execute`.
        HostileFixture(
            "04-extensions", "read-hidden-sources", class: 4,
            .refused(names: ["fopen"], file: "Sources/Friends/FriendsCache.swift")),
        HostileFixture(
            "04-extensions", "dlsym-lookup", class: 1,
            .refused(names: ["dlsym"], file: "Sources/Friends/LateBinding.swift")),
        HostileFixture("04-extensions", "exported-import-bridge-target", class: 3, .dependencyRule(module: "Login")),
        HostileFixture(
            "04-extensions", "unsafe-flags-disable-access-control", class: 2,
            .packageProblem(mentioning: ["target Friends", "unsafeFlags"])),
        HostileFixture(
            "04-extensions", "spawn-self-copies", class: 7,
            .refused(names: ["posix_spawn"], file: "Sources/Items/Mirror.swift")),

        // 05-dependency-inversion: the feature and wiring checks need the inverted boundaries
        // (`Login.Session`, `LoginViewModel(authenticate:)`, `ItemsLoader`), so on the starter only the
        // manifest, surface and lint checks run. The cheats sit in App's factories (Sources/App/Screens.swift)
        // and in Login, where the wiring checks would meet them once the inversion is done.
        HostileFixture(
            "05-dependency-inversion", "undeclared-import", class: 3, .dependencyRule(module: "APIClient")),
        HostileFixture(
            "05-dependency-inversion", "silgen-name-exit", class: 1,
            .refused(names: ["@_silgen_name"], file: "Sources/Login/Shutdown.swift")),
        HostileFixture(
            "05-dependency-inversion", "check-entry-hijack", class: 1,
            .refused(names: ["@_cdecl"], file: "Sources/Login/Hijack.swift")),
        HostileFixture(
            "05-dependency-inversion", "detect-grader-with-getenv", class: 5,
            .refused(names: ["getenv"], file: "Sources/App/Screens.swift")),
        HostileFixture("05-dependency-inversion", "stand-in-transport-records-tripwire", class: 6, .doesNotCompile),

        // 06-composition-root: overlays add a minimal AppComposer and AppFlow (`init(transport:)`,
        // `makeFlow(navigator:)`, `start`), so the composition checks compile.
        HostileFixture("06-composition-root", "record-tripwire-from-stand-in", class: 6, .doesNotCompile),
        HostileFixture(
            "06-composition-root", "exported-import-bridge-target", class: 3, .dependencyRule(module: "APIClient")),
        HostileFixture(
            "06-composition-root", "fill-tmp", class: 7,
            .refused(names: ["FileManager"], file: "Sources/App/LaunchCache.swift")),
        HostileFixture(
            "06-composition-root", "section-init-array", class: 1,
            .refused(names: ["@_section"], file: "Sources/App/EarlyStart.swift")),
        HostileFixture(
            "06-composition-root", "read-proc-environ", class: 4,
            .refused(names: ["FileHandle"], file: "Sources/App/Diagnostics.swift")),
        HostileFixture(
            "06-composition-root", "shadow-the-expect-helper", class: 1,
            .failureRecorded(check: "sign-in-pushes-items", message: "A successful sign-in should push the shelf once")),
    ]
}

extension Slow {
    /// Grades every hostile submission with the live grader (bubblewrap when the machine has it)
    /// and checks that none of them passes, each is stopped for the right reason, and nothing it
    /// tried to leave behind (files in /tmp, processes) outlives the grade.
    @Suite(.serialized) struct HostileSubmissionTests {
        @Test(arguments: HostileCorpus.all)
        func hostileSubmissionIsStopped(_ fixture: HostileFixture) async throws {
            let kata = try Fixtures.kata(fixture.kata)
            let package = try Fixtures.hostileSubmission(kata: kata, name: fixture.name)
            let grader = try await Fixtures.grader()
            let leftoversBefore = Self.temporaryEntries(startingWith: fixture.temporaryMarker)

            let verdict = try await grader.grade(kata, package: package)

            let summary = Self.summary(of: verdict)
            #expect(verdict.outcome != .passed, "\(fixture.folder) passed: \(summary)")
            #expect(
                verdict.totals.points < verdict.totals.maxPoints,
                "\(fixture.folder) earned \(verdict.totals.points) of \(verdict.totals.maxPoints) points: \(summary)")

            switch fixture.expectation {
            case .refused(let names, let file):
                expectRefused(verdict, naming: names, file: file)
                // A regrade of the same objects takes the symbol policy's refusals from the build
                // folder's cache (issue 15): refused again, for the same reasons.
                let again = try await grader.grade(kata, package: package)
                expectRefused(again, naming: names, file: file)
                #expect(again.problems == verdict.problems)
            case .supportIgnored:
                let said = (verdict.notes + verdict.problems).joined(separator: "\n")
                #expect(said.contains("KataSupport"), "Nothing in the notes or problems names KataSupport: \(summary)")
            case .dependencyRule(let module):
                let messages = verdict.checks.filter { $0.status != .passed }.compactMap(\.message) + verdict.problems
                #expect(
                    messages.contains { $0.contains(module) },
                    "No check that did not pass, and no problem, names \(module): \(summary)")
            case .doesNotCompile:
                // The learner's targets failing, not a hidden check that needs an API the starter lacks.
                let learnerCompileError = verdict.checks.contains { check in
                    check.status == .compileError && check.message?.hasPrefix("Your code does not compile") == true
                }
                #expect(learnerCompileError, "The learner's code still compiles: \(summary)")
            case .packageProblem(let words):
                let problem = verdict.problems.first { problem in words.allSatisfy(problem.contains) }
                #expect(problem != nil, "No package problem mentions \(words): \(summary)")
            case .notPassed:
                break
            case .failureRecorded(let id, let message):
                let check = verdict.checks.first { $0.id == id }
                #expect(
                    check?.status == .failed && check?.message?.contains(message) == true,
                    "\(id) should fail with the hidden check's message (\(message)): \(summary)")
            }

            let leftovers = Self.temporaryEntries(startingWith: fixture.temporaryMarker).subtracting(leftoversBefore)
            #expect(leftovers.isEmpty, "Grading \(fixture.folder) left \(leftovers.sorted()) in /tmp.")
            for name in leftovers { try? FileManager.default.removeItem(atPath: "/tmp/" + name) }

            let buildDirectory = grader.buildDirectory(for: kata, package: package)
            let scratch = buildDirectory.appendingPathComponent("run").path
            #expect(
                !FileManager.default.fileExists(atPath: scratch),
                "Grading \(fixture.folder) left its run folder \(scratch).")

            let runner = buildDirectory.appendingPathComponent("checks/runner").path
            let stray = await Self.processesStillRunning(commandLineContaining: runner)
            #expect(stray.isEmpty, "Processes of \(fixture.folder)'s check runner outlived the grade: \(stray)")
        }

        @Test func everyCoreKataHasHostileSubmissionsAndEveryFolderIsGraded() throws {
            let catalog = try Fixtures.library().catalog
            let core = try #require(catalog.tracks.first { $0.id == "core" }, "Katas/catalog.yaml has no core track.")
            for kata in core.katas {
                let count = HostileCorpus.all.filter { $0.kata == kata }.count
                #expect(count >= 3, "\(kata) has \(count) hostile submissions; every core kata needs at least 3.")
            }

            for defectClass in 1...7 {
                let fixtures = HostileCorpus.all.filter { $0.defectClass == defectClass }
                #expect(
                    fixtures.count >= 2 && Set(fixtures.map(\.kata)).count >= 2,
                    "Defect class \(defectClass) needs submissions in at least two katas: \(fixtures.map(\.folder))")
            }

            let listed = HostileCorpus.all.map(\.folder)
            #expect(Set(listed).count == listed.count, "HostileCorpus lists a submission twice.")
            let folders = try Fixtures.hostileSubmissionFolders()
            let neverGraded = Set(folders).subtracting(listed).sorted()
            #expect(neverGraded.isEmpty, "Folders under Fixtures/Hostile that HostileCorpus leaves out: \(neverGraded)")
            let missing = Set(listed).subtracting(folders).sorted()
            #expect(missing.isEmpty, "HostileCorpus lists submissions that have no folder: \(missing)")

            for folder in folders {
                let description = Fixtures.hostile.appendingPathComponent(folder).appendingPathComponent("CHEAT.md")
                #expect(FileManager.default.fileExists(atPath: description.path), "\(folder) has no CHEAT.md.")
            }
        }

        // MARK: - Helpers

        /// The grader refused the code before running it: a problem says "Refused" and names each of
        /// `names` and, when given, `file` (the refused code's path in the package).
        func expectRefused(
            _ verdict: Verdict, naming names: [String], file: String?,
            sourceLocation: Testing.SourceLocation = #_sourceLocation
        ) {
            let problems = verdict.problems.joined(separator: "\n")
            let summary = Self.summary(of: verdict)
            #expect(
                problems.contains("Refused"), "No problem says that the code was refused: \(summary)",
                sourceLocation: sourceLocation)
            for name in names {
                #expect(problems.contains(name), "No problem names \(name): \(summary)", sourceLocation: sourceLocation)
            }
            if let file {
                #expect(problems.contains(file), "No problem names \(file): \(summary)", sourceLocation: sourceLocation)
            }
        }

        /// The verdict in a few lines, for failure messages.
        static func summary(of verdict: Verdict) -> String {
            let checks = verdict.checks.map { check in
                "\(check.id): \(check.status.rawValue)" + (check.message.map { " (\($0.prefix(200)))" } ?? "")
            }
            return "outcome \(verdict.outcome.rawValue); checks: \(checks.joined(separator: "; ")); "
                + "problems: \(verdict.problems); notes: \(verdict.notes)"
        }

        /// The names of the entries in /tmp that start with `prefix`.
        static func temporaryEntries(startingWith prefix: String) -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []).filter { $0.hasPrefix(prefix) })
        }

        /// Running processes whose command line contains `needle`, as "pid: command line". A
        /// sandbox's processes can take a moment to be reaped, so this waits up to two seconds for
        /// them to go before reporting them. Empty where there is no /proc.
        static func processesStillRunning(commandLineContaining needle: String) async -> [String] {
            var found = processes(commandLineContaining: needle)
            var waits = 0
            while !found.isEmpty && waits < 20 {
                try? await Task.sleep(for: .milliseconds(100))
                waits += 1
                found = processes(commandLineContaining: needle)
            }
            return found
        }

        static func processes(commandLineContaining needle: String) -> [String] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.filter { !$0.isEmpty && $0.allSatisfy(\.isNumber) }.sorted().compactMap { pid in
                // /proc files report a size of 0, so read to the end rather than by size.
                guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/cmdline") else { return nil }
                defer { try? handle.close() }
                // A zombie (already exited, not yet reaped) has an empty command line.
                guard let bytes = try? handle.readToEnd(), !bytes.isEmpty else { return nil }
                let commandLine = String(decoding: bytes.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
                return commandLine.contains(needle) ? "\(pid): \(commandLine)" : nil
            }
        }
    }
}
