import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// Issue 15: a changed interface rebuilds every target that depends on it, and only them; a
    /// changed body rebuilds only its target; and a stale build is never graded.
    struct RebuildScopeTests {
        /// The learner targets compiled by one grade (not the hidden checks, not plans).
        func compiledTargets(_ purposes: [String]) -> Set<String> {
            Set(
                purposes.filter { $0.hasPrefix("compile ") && !$0.hasPrefix("compile HiddenChecks") }.map {
                    String($0.dropFirst(8))
                })
        }

        /// The groups of hidden checks compiled by one grade. Kata 05's groups, in the order of
        /// their first file: 1 the Items checks, 2 the Login checks, 3 the wiring checks (App).
        func compiledChecks(_ purposes: [String]) -> Set<String> {
            Set(purposes.filter { $0.hasPrefix("compile HiddenChecks") }.map { String($0.dropFirst(8)) })
        }

        /// The live grader on two cores, with every process it starts recorded by purpose.
        func recordingGrader(over live: PosixProcessRunner, cacheRoot: URL = Fixtures.cacheRoot) async throws
            -> (Grader, RecordingProcessRunner, GradingEnvironment)
        {
            let recorder = RecordingProcessRunner(base: live)
            let environment = try await GradingEnvironment.discover(
                environment: ProcessInfo.processInfo.environment, cacheRoot: cacheRoot, runner: recorder,
                isExecutable: { FileManager.default.isExecutableFile(atPath: $0) }, parallelism: 2,
                runningAsRoot: getuid() == 0, newID: { UUID().uuidString.prefix(8).lowercased() },
                graderBuild: GradingEnvironment.build(ofExecutable: "/proc/self/exe"))
            let grader = Grader(
                environment: environment, runner: recorder, now: { Date() }, pause: { try? await Task.sleep(for: $0) })
            return (grader, recorder, environment)
        }

        @Test func anInterfaceChangeRebuildsEveryDependentAndOnlyThem() async throws {
            let kata = try Fixtures.kata("05-dependency-inversion")
            let package = try Fixtures.temporaryDirectory("rebuild-scope").appendingPathComponent("pkg")
            try KataPackage.assemble(kata, overlays: [kata.solution], into: package)
            let live = PosixProcessRunner(now: { Date() })
            let (grader, recorder, environment) = try await recordingGrader(over: live)
            func grade() async throws -> (Verdict, Set<String>, [String]) {
                _ = recorder.take()
                _ = recorder.takeHosted()
                let verdict = try await grader.grade(kata, package: package)
                let purposes = recorder.take()
                // Every compile and link ran in the grade's one sandbox for the toolchain's jobs,
                // where this machine has one (bubblewrap and setsid).
                if environment.sandbox.setsid != nil, case .bubblewrap = environment.sandbox.tool {
                    let toolchain = purposes.filter { $0.hasPrefix("compile ") || $0.hasPrefix("link ") }
                    #expect(Set(recorder.takeHosted()).isSuperset(of: toolchain), "\(purposes)")
                    #expect(purposes.filter { $0 == "host the toolchain's jobs" }.count == 1, "\(purposes)")
                }
                return (verdict, compiledTargets(purposes), purposes)
            }
            func append(_ text: String, to path: String) throws {
                let url = package.appendingPathComponent(path)
                try (String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
            }
            let (first, _, _) = try await grade()
            #expect(first.outcome == .passed)

            // A new declaration in Login: Login and App (which imports it) are rebuilt, with the
            // checks that see Login (its own and the wiring checks), not the Items checks.
            try append("\nfunc addedForTheRebuildTest() {}\n", to: "Sources/Login/LoginViewModel.swift")
            let (afterLogin, loginBuilt, loginPurposes) = try await grade()
            #expect(loginBuilt == ["Login", "App"])
            #expect(compiledChecks(loginPurposes) == ["HiddenChecks2", "HiddenChecks3"])
            #expect(afterLogin.outcome == .passed)
            // This link followed the first grade's driver plan, which reads the objects' autolink
            // flags in-process: exactly the flags the toolchain's swift-autolink-extract writes.
            let build = grader.buildDirectory(for: kata, package: package)
            let objects =
                FileManager.default.subpaths(atPath: build.path)?.filter {
                    $0.hasSuffix(".o") && ($0.hasPrefix("checks/") || $0.hasPrefix("targets/"))
                }.map { build.appendingPathComponent($0).path } ?? []
            #expect(objects.count >= 8)
            let tool = URL(fileURLWithPath: environment.swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("swift-autolink-extract").path
            let extracted = await live.run(
                ProcessRequest(
                    executable: tool, arguments: objects + ["-o", package.path + ".autolink"],
                    environment: ["PATH": "/usr/bin:/bin"], timeout: 60, purpose: "the toolchain's autolink flags"))
            let written = try String(
                contentsOf: build.appendingPathComponent("checks/HiddenChecks/runner.autolink"), encoding: .utf8)
            #expect(extracted.termination.succeeded)
            let expected = try String(contentsOfFile: package.path + ".autolink", encoding: .utf8)
            #expect(Set(written.split(separator: "\n")) == Set(expected.split(separator: "\n")))
            #expect(written.split(separator: "\n").count == Set(written.split(separator: "\n")).count)
            #expect(
                loginPurposes.filter { $0 == "link the check runner" }.count == 1,
                "the link should start only the linker: \(loginPurposes)")
            // Linked in two parts now that the plan is known: the learner's objects into the
            // library the runner loads, and the runner, whose checks changed with Login.
            #expect(loginPurposes.filter { $0 == "link your code for the checks" }.count == 1, "\(loginPurposes)")
            let bin = build.appendingPathComponent("checks/bin")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: bin.path).sorted()
                    == ["libLearnerCode.so", "runner"])
            // The runner loads the learner's library after every library of its own, so the
            // dynamic loader finds none of their symbols in learner code first.
            let headers = await live.run(
                ProcessRequest(
                    executable: environment.objdump, arguments: ["-p", bin.appendingPathComponent("runner").path],
                    environment: ["PATH": "/usr/bin:/bin"], timeout: 60, purpose: "the runner's libraries"))
            let needed = headers.stdout.text.split(separator: "\n").filter { $0.contains("NEEDED") }.map {
                String($0.split(separator: " ").last ?? "")
            }
            #expect(needed.last == "libLearnerCode.so", "\(needed)")
            #expect(needed.contains("libTesting.so") && needed.contains("libswiftCore.so"), "\(needed)")

            // A new declaration in APIClient: only App sees it. After this stage's refactor Login and
            // Items no longer depend on APIClient, so they (and Friends, KataSupport) are not rebuilt.
            try append("\npublic func addedForTheRebuildTest() {}\n", to: "Sources/APIClient/Models.swift")
            let (_, clientBuilt, clientPurposes) = try await grade()
            #expect(clientBuilt == ["APIClient", "App"])
            #expect(compiledChecks(clientPurposes) == ["HiddenChecks3"])

            // A body-only edit in Items rebuilds Items alone, and the checks are not recompiled.
            let items = package.appendingPathComponent("Sources/Items/ItemListViewModel.swift")
            let text = try String(contentsOf: items, encoding: .utf8)
            try ("// a comment line moves every line below it\n" + text).write(
                to: items, atomically: true, encoding: .utf8)
            let (afterBody, bodyBuilt, bodyPurposes) = try await grade()
            #expect(bodyBuilt == ["Items"])
            #expect(compiledChecks(bodyPurposes).isEmpty)
            #expect(afterBody.outcome == .passed)
            // Only the library of the learner's code is linked again: nothing the runner links
            // against changed (no interface, no library the code needs).
            #expect(bodyPurposes.contains("link your code for the checks"), "\(bodyPurposes)")
            #expect(!bodyPurposes.contains("link the check runner"), "\(bodyPurposes)")

            // A body edit that breaks behaviour is graded on the new code, never a stale build.
            let broken = text.replacingOccurrences(
                of: "state = .loaded(try await loader.loadItems())",
                with: "_ = try await loader.loadItems()\n            state = .loaded([])")
            try #require(broken != text, "the reference solution's load line moved: update this test")
            try broken.write(to: items, atomically: true, encoding: .utf8)
            let (afterBreak, breakBuilt, breakPurposes) = try await grade()
            #expect(breakBuilt == ["Items"])
            #expect(!breakPurposes.contains("link the check runner"), "the runner loads the new library")
            #expect(afterBreak.outcome != .passed, "an empty shelf must fail the Items checks")
            #expect(!afterBreak.checks.contains { $0.status == .compileError }, "it compiles: only behaviour fails")
            try text.write(to: items, atomically: true, encoding: .utf8)

            // A type error inside a function body of Login: its module is written (declarations
            // only) and App starts compiling against it, but Login's object does not build, so
            // App is reported as not building either and nothing runs.
            let login = package.appendingPathComponent("Sources/Login/LoginViewModel.swift")
            let loginText = try String(contentsOf: login, encoding: .utf8)
            let typeError = loginText.replacingOccurrences(
                of: "state = .signingIn", with: "state = .signingIn\n        let notANumber: Int = \"grace\"")
            try #require(typeError != loginText, "the reference solution's sign-in moved: update this test")
            try typeError.write(to: login, atomically: true, encoding: .utf8)
            let (afterTypeError, _, typeErrorPurposes) = try await grade()
            #expect(afterTypeError.outcome == .failed)
            let compileErrors = afterTypeError.checks.filter { $0.status == .compileError }.compactMap(\.message)
            #expect(!compileErrors.isEmpty)
            #expect(compileErrors.allSatisfy { $0.contains("(Login)") }, "\(compileErrors)")
            #expect(
                afterTypeError.notes.contains { $0.contains("App does not compile either") && $0.contains("Login") })
            #expect(!typeErrorPurposes.contains("link the check runner"))
            #expect(!typeErrorPurposes.contains { $0.hasPrefix("run ") || $0.hasPrefix("read the symbols") })

            // Fixed again: everything that compiled against the broken Login's module is current.
            try loginText.write(to: login, atomically: true, encoding: .utf8)
            let (fixed, _, _) = try await grade()
            #expect(fixed.outcome == .passed, "\(fixed.checks.compactMap(\.message))")
        }

        /// Kata 06: every check imports App, which sees every other target, so after an edit App's
        /// module is written by a job of its own and the checks compile on it while App's object
        /// compiles. The object must still build before anything runs, and what runs is new.
        @Test func theChecksStartOnTheLastTargetsModuleAndNeverRunAStaleObject() async throws {
            let kata = try Fixtures.kata("06-composition-root")
            let package = try Fixtures.temporaryDirectory("module-first").appendingPathComponent("pkg")
            try KataPackage.assemble(kata, overlays: [kata.solution], into: package)
            let (grader, recorder, _) = try await recordingGrader(over: PosixProcessRunner(now: { Date() }))
            func grade() async throws -> (Verdict, [String]) {
                _ = recorder.take()
                let verdict = try await grader.grade(kata, package: package)
                return (verdict, recorder.take())
            }
            let flow = package.appendingPathComponent("Sources/App/AppFlow.swift")
            let text = try String(contentsOf: flow, encoding: .utf8)
            let (first, _) = try await grade()
            #expect(first.outcome == .passed)

            // A new declaration in App: App and the checks are rebuilt, and the grade passes.
            try (text + "\nfunc addedForTheRebuildTest() {}\n").write(to: flow, atomically: true, encoding: .utf8)
            let (afterDeclaration, declarationPurposes) = try await grade()
            #expect(compiledTargets(declarationPurposes) == ["App"])
            #expect(compiledChecks(declarationPurposes) == ["HiddenChecks1"])
            #expect(afterDeclaration.outcome == .passed)

            // A type error in a body of App: its module job succeeds and the checks may compile on
            // it, but App's object does not build, so nothing is linked or run.
            let typeError = text.replacingOccurrences(
                of: "navigator.show(.login(login))",
                with: "navigator.show(.login(login))\n        let notANumber: Int = \"grace\"")
            try #require(typeError != text, "the reference solution's start() moved: update this test")
            try typeError.write(to: flow, atomically: true, encoding: .utf8)
            let (afterTypeError, typeErrorPurposes) = try await grade()
            #expect(afterTypeError.outcome == .failed)
            let compileErrors = afterTypeError.checks.filter { $0.status == .compileError }.compactMap(\.message)
            #expect(!compileErrors.isEmpty && compileErrors.allSatisfy { $0.contains("(App)") }, "\(compileErrors)")
            #expect(!typeErrorPurposes.contains("link the check runner"))
            #expect(!typeErrorPurposes.contains { $0.hasPrefix("run ") })

            // A body that compiles but shows nothing: graded on the new object, never the old one.
            let showsNothing = text.replacingOccurrences(
                of: "navigator.show(.login(login))", with: "_ = login")
            try showsNothing.write(to: flow, atomically: true, encoding: .utf8)
            let (afterBreak, _) = try await grade()
            #expect(afterBreak.outcome != .passed)
            #expect(!afterBreak.checks.contains { $0.status == .compileError }, "it compiles: only behaviour fails")

            try text.write(to: flow, atomically: true, encoding: .utf8)
            let (fixed, _) = try await grade()
            #expect(fixed.outcome == .passed, "\(fixed.checks.compactMap(\.message))")
        }

        /// The kata's tests are declared once, in the runner's entry point: the groups compile
        /// copies of the test files without `@Test` and an entry per test. On kata 00's starter the
        /// farewell checks do not compile, so their tests get entries that fail, and the other
        /// tests still run; once solved, no stand-in is compiled and every test passes.
        @Test func theGroupsCompileWithoutTestMacrosAndATestWhoseFileBreaksFails() async throws {
            let kata = try Fixtures.kata("00-warm-up")
            let package = try Fixtures.temporaryDirectory("test-entries").appendingPathComponent("pkg")
            try KataPackage.assemble(kata, overlays: [], into: package)
            let (grader, recorder, _) = try await recordingGrader(over: PosixProcessRunner(now: { Date() }))
            let starter = try await grader.grade(kata, package: package)
            let purposes = recorder.take()
            func status(_ id: String, in verdict: Verdict) -> CheckStatus? {
                verdict.checks.first { $0.id == id }?.status
            }
            #expect(status("says-farewell", in: starter) == .compileError)
            #expect(status("farewell-text", in: starter) == .compileError)
            #expect(status("welcomes-by-name", in: starter) == .failed)
            #expect(purposes.contains("compile HiddenChecks0"), "the stand-ins: \(purposes)")

            let build = grader.buildDirectory(for: kata, package: package)
            let registrations = try String(
                contentsOf: build.appendingPathComponent("checks/HiddenChecks/Registrations.swift"), encoding: .utf8)
            for test in ["welcomesByName", "countsDownToLiftOff", "saysFarewell"] {
                #expect(registrations.contains("@Test func \(test)() async throws"))
            }
            let plain = try String(
                contentsOf: build.appendingPathComponent("hidden-plain/tests/LaunchChecks.swift"), encoding: .utf8)
            let original = try String(
                contentsOf: kata.hidden.appendingPathComponent("tests/LaunchChecks.swift"), encoding: .utf8)
            #expect(!plain.contains("@Test") && plain.utf8.count == original.utf8.count)

            try KataPackage.assemble(kata, overlays: [kata.solution], into: package)
            let solved = try await grader.grade(kata, package: package)
            #expect(solved.outcome == .passed, "\(solved.checks.compactMap(\.message))")
            #expect(!recorder.take().contains("compile HiddenChecks0"))
            let entries = try String(
                contentsOf: build.appendingPathComponent("checks/HiddenChecks1/Entries.swift"), encoding: .utf8)
            #expect(entries.contains("saysFarewell()") && entries.contains("welcomesByName()"))
        }

        /// On an empty cache (module cache included) every compile and the runner's link are
        /// planned once, most of them ahead while KataSupport compiles, and the first grade
        /// already links in two parts: the learner's library and the runner that loads it.
        @Test func aFirstGradeOnAnEmptyCachePlansEachCompileOnceAndLinksInTwoParts() async throws {
            let kata = try Fixtures.kata("05-dependency-inversion")
            let root = try Fixtures.temporaryDirectory("first-grade")
            let package = root.appendingPathComponent("pkg")
            try KataPackage.assemble(kata, overlays: [kata.solution], into: package)
            let live = PosixProcessRunner(now: { Date() })
            let (grader, recorder, _) = try await recordingGrader(
                over: live, cacheRoot: root.appendingPathComponent("cache"))
            let verdict = try await grader.grade(kata, package: package)
            #expect(verdict.outcome == .passed)
            let purposes = recorder.take()
            let compiled = Set(purposes.filter { $0.hasPrefix("compile ") })
            #expect(compiled.count >= 9, "six targets and the checks' modules: \(compiled.sorted())")
            for compile in compiled {
                #expect(purposes.filter { $0 == "plan: \(compile)" }.count == 1, "\(compile): \(purposes)")
            }
            #expect(purposes.filter { $0 == "plan: link the check runner" }.count == 1, "\(purposes)")
            #expect(purposes.filter { $0 == "link your code for the checks" }.count == 1, "\(purposes)")
            let bin = grader.buildDirectory(for: kata, package: package).appendingPathComponent("checks/bin")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: bin.path).sorted()
                    == ["libLearnerCode.so", "runner"])
        }
    }
}
