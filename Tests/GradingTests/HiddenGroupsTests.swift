import DIKataCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Grading

/// Issue 15: the hidden checks compile as modules grouped by the learner modules they need, so a
/// group starts as soon as those are built and an interface change rebuilds only the groups that
/// see it. What a group needs must include everything its imports see, or a stale or missing
/// module could be compiled against.
@Suite("Hidden check groups: what each file needs, and the groups that follow")
struct HiddenGroupsTests {
    /// Kata 05's shape: Login and Items see only KataSupport; App sees them all.
    func plan(widened: Set<String> = []) -> LearnerBuild.Plan {
        let targets = ["KataSupport", "APIClient", "Login", "Items", "App"].map {
            LearnerPackage.Target(name: $0, type: .regular, path: "Sources/\($0)", dependencies: [])
        }
        let visible = [[], [], ["KataSupport"], ["KataSupport"], ["APIClient", "Login", "KataSupport", "Items"]]
        return LearnerBuild.Plan(
            targets: targets, visible: visible,
            index: Dictionary(uniqueKeysWithValues: targets.enumerated().map { ($1.name, $0) }), notes: [],
            widened: widened)
    }

    /// Groups of one test file for each list of imports, as `plan`'s grade would make them.
    static func groups(_ imports: [[String]], of plan: LearnerBuild.Plan) -> HiddenGroups {
        HiddenGroups(
            files: imports.enumerated().map { .init(path: "tests/T\($0.offset).swift", imports: $0.element) },
            supportImports: [], everything: plan.targets.map(\.name), needs: plan.needs(importing:))
    }

    @Test("a compile needs each imported target and everything it sees, in build order, and no other module")
    func needs() {
        #expect(plan().needs(importing: ["Testing", "Login", "Foundation"]) == ["KataSupport", "Login"])
        #expect(plan().needs(importing: ["App"]) == ["KataSupport", "APIClient", "Login", "Items", "App"])
        #expect(plan().needs(importing: ["Testing"]).isEmpty)
    }

    @Test("a target that imported more than it declares needs every target before it")
    func widenedTarget() {
        #expect(plan(widened: ["Items"]).needs(importing: ["Items"]) == ["KataSupport", "APIClient", "Login", "Items"])
    }

    @Test("files that need the same modules share a group; the support files' imports count for every group")
    func grouping() {
        let files: [HiddenGroups.File] = [
            .init(path: "tests/ItemsChecks.swift", imports: ["Items", "Testing"]),
            .init(path: "tests/LoginChecks.swift", imports: ["Login", "Testing"]),
            .init(path: "tests/WiringChecks.swift", imports: ["App", "Login", "Testing"]),
            .init(path: "contract/login-init.swift", imports: ["Login"]),
        ]
        let plan = plan()
        let groups = HiddenGroups(
            files: files, supportImports: ["Synchronization"], everything: plan.targets.map(\.name),
            needs: plan.needs(importing:))
        #expect(
            groups.groups == [
                .init(name: "HiddenChecks1", files: ["tests/ItemsChecks.swift"], needs: ["KataSupport", "Items"]),
                .init(
                    name: "HiddenChecks2", files: ["tests/LoginChecks.swift", "contract/login-init.swift"],
                    needs: ["KataSupport", "Login"]),
                .init(
                    name: "HiddenChecks3", files: ["tests/WiringChecks.swift"],
                    needs: ["KataSupport", "APIClient", "Login", "Items", "App"]),
            ])
        #expect(groups.group(of: "contract/login-init.swift")?.name == "HiddenChecks2")

        // A support file that imports Login makes every group need it.
        let withSupport = HiddenGroups(
            files: Array(files.prefix(1)), supportImports: ["Login"], everything: plan.targets.map(\.name),
            needs: plan.needs(importing:))
        #expect(withSupport.groups.map(\.needs) == [["KataSupport", "Login", "Items"]])
    }

    @Test("the last target gets a module job of its own only when it sees every target and every group needs it")
    func moduleFirst() async {
        let plan = plan()
        func groups(_ imports: [[String]]) -> HiddenGroups { Self.groups(imports, of: plan) }
        // Kata 06's shape: every check imports App, and App sees every other target.
        #expect(plan.moduleFirst(for: groups([["App"], ["App", "Login"]])) == ["App"])
        // Kata 05's shape: the Login checks can compile beside App, so App keeps one job.
        #expect(plan.moduleFirst(for: groups([["Login"], ["App"]])).isEmpty)
        #expect(plan.moduleFirst(for: groups([])).isEmpty)

        // Only the last target waits for the groups to know.
        let asked = Mutex(0)
        let appOnly = groups([["App"]])
        var waiting = plan
        waiting.groups = {
            asked.withLock { $0 += 1 }
            return appOnly
        }
        #expect(await waiting.moduleFirst("Login") == false)
        #expect(asked.withLock { $0 } == 0)
        #expect(await waiting.moduleFirst("App"))
        #expect(asked.withLock { $0 } == 1)
        // With no groups worked out (one compile at a time), no target gets a job of its own.
        #expect(await plan.moduleFirst("App") == false)

        // A last target that does not see them all leaves the others free to compile beside it.
        var partial = plan
        partial.visible[4] = ["Login", "KataSupport"]
        #expect(partial.moduleFirst(for: groups([["App"]])).isEmpty)
    }

    @Test("a slot that falls free goes to the highest priority waiting, in order of arrival among equals")
    func slotsByPriority() async {
        let slots = AsyncSlots(1)
        await slots.acquire(priority: AsyncSlots.last)
        let order = CallLog<String>()
        var tasks: [Task<Void, Never>] = []
        for (name, priority) in [
            ("low", AsyncSlots.last), ("high", AsyncSlots.first), ("group", 7), ("high too", AsyncSlots.first),
        ] {
            tasks.append(
                Task { @Sendable in
                    await slots.holding(priority: priority) { order.append(name) }
                })
            while await slots.queued < tasks.count { await Task.yield() }
        }
        await slots.release()
        for task in tasks { await task.value }
        #expect(order.all == ["high", "high too", "group", "low"])
    }

    @Test("a learner target goes before the checks when a group needs it, after them when none does")
    func slotPriority() async {
        let plan = plan()
        func groups(_ imports: [[String]]) -> HiddenGroups { Self.groups(imports, of: plan) }
        // Kata 02's shape: the checks import Login, and no check imports App.
        let loginChecks = groups([["Login"], ["Login", "KataSupport"]])
        #expect(plan.priority("Login", groups: loginChecks) == AsyncSlots.first)
        #expect(plan.priority("App", groups: loginChecks) == AsyncSlots.last)
        // What a needed target sees is needed too.
        #expect(plan.priority("KataSupport", groups: loginChecks) == AsyncSlots.first)
        // Kata 05's shape: the wiring checks import App.
        #expect(plan.priority("App", groups: groups([["Login"], ["App"]])) == AsyncSlots.first)
        // No checks: nothing to yield to.
        #expect(plan.priority("App", groups: groups([])) == AsyncSlots.first)
        // The groups not worked out at all (one compile at a time): first.
        #expect(await plan.priority("App") == AsyncSlots.first)
        var known = plan
        known.groups = { loginChecks }
        #expect(await known.priority("App") == AsyncSlots.last)
        // A group ranks between the two, the larger first.
        let folder = Fixtures.runFolder.appendingPathComponent("slot-priority-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let small = folder.appendingPathComponent("Small.swift").path
        let large = folder.appendingPathComponent("Large.swift").path
        _ = FileManager.default.createFile(atPath: small, contents: Data(repeating: 0x20, count: 100))
        _ = FileManager.default.createFile(atPath: large, contents: Data(repeating: 0x20, count: 5000))
        let smaller = HiddenBuild.priority(compiling: [small])
        let larger = HiddenBuild.priority(compiling: [small, large])
        #expect(AsyncSlots.last < smaller && smaller < larger && larger < AsyncSlots.first)
        #expect(HiddenBuild.priority(compiling: [folder.appendingPathComponent("gone.swift").path]) > AsyncSlots.last)
    }

    /// The boards of `plan()`'s grade once every target but App (the last) holds its slot and has
    /// its module written: which modules are written, and which targets took their slots.
    func allButApp() async -> (modules: OutcomeBoard<Bool>, started: OutcomeBoard<Bool>) {
        let modules = OutcomeBoard<Bool>()
        let started = OutcomeBoard<Bool>()
        for position in 0..<4 {
            await started.publish(true, at: position)
            await modules.publish(true, at: position)
        }
        return (modules, started)
    }

    @Test("a group of checks lets a ready learner target that checks need take its slot first, and waits for no other")
    func readyTargetsFirst() async {
        let plan = plan()
        // Everything but App is built; App sees only written modules, so it is about to start.
        let (modules, started) = await allButApp()
        // App is no check's business: nothing to wait for.
        await plan.waitForReadyTargets(
            among: ["KataSupport", "Login"], modules: modules, started: started)

        let waiting = Waiter {
            await plan.waitForReadyTargets(among: Set(plan.targets.map(\.name)), modules: modules, started: started)
        }
        #expect(await !waiting.hasReturned(), "the group went ahead before App held its slot")
        await started.publish(true, at: 4)
        await waiting.task.value
        #expect(await waiting.hasReturned())

        // A target that sees modules not written yet is not ready: no wait (App, when only
        // KataSupport's module is written).
        let early = OutcomeBoard<Bool>()
        await early.publish(true, at: 0)
        await plan.waitForReadyTargets(among: ["App"], modules: early, started: OutcomeBoard<Bool>())
    }

    @Test("a plan made ahead waits until the targets that see no other hold their slots, and for nothing else")
    func rootsFirst() async {
        let plan = plan()
        #expect(plan.roots == ["KataSupport", "APIClient"])
        // A widened target waits for every target before it: never a root, or a plan waiting
        // for it and a target before it waiting for that plan would hold each other up.
        #expect(self.plan(widened: ["APIClient"]).roots == ["KataSupport"])
        let modules = OutcomeBoard<Bool>()
        let started = OutcomeBoard<Bool>()
        let waiting = Waiter { await plan.waitForRoots(modules: modules, started: started) }
        #expect(await !waiting.hasReturned(), "a plan took a slot before KataSupport held its own")
        await started.publish(true, at: 0)
        #expect(await !waiting.hasReturned(), "a plan took a slot before APIClient held its own")
        await started.publish(true, at: 1)
        await waiting.task.value
        #expect(await waiting.hasReturned())

        // Roots whose modules are written hold a plan back no longer, whatever else is ready and
        // not started yet (Login and Items see only KataSupport).
        let written = OutcomeBoard<Bool>()
        await written.publish(true, at: 0)
        await written.publish(true, at: 1)
        await plan.waitForRoots(modules: written, started: OutcomeBoard<Bool>())
    }

    @Test("what a group needs is underway when each module is written or its target compiles now")
    func underway() async {
        let plan = plan()
        let (modules, started) = await allButApp()
        // Modules that are not learner targets (Testing) need nothing.
        #expect(await plan.underway(["Login", "Testing"], modules: modules, started: started))
        // App has not taken its slot yet: not underway.
        #expect(await !plan.underway(["Login", "App"], modules: modules, started: started))
        // App holds its slot, its module not written yet: underway.
        await started.publish(true, at: 4)
        #expect(await plan.underway(["Login", "App"], modules: modules, started: started))
        // App failed to compile: its module will never come.
        await modules.publish(false, at: 4)
        #expect(await !plan.underway(["App"], modules: modules, started: started))
    }

    @Test("a group waits for a larger group about to start to hold its slot, and for no other group")
    func largerGroupsFirst() async {
        // Kata 05 after a declaration edit: the Login checks (0) can start; the wiring checks
        // (1, larger) wait for App, which compiles now; the Items checks (2, larger still) wait
        // for a module no compile is writing yet.
        let priorities = [10, 20, 30]
        let needs = [["Login"], ["Login", "App"], ["Items"]]
        let underway: @Sendable ([String]) async -> Bool = { !$0.contains("Items") }
        let started = OutcomeBoard<Bool>()
        let login = Waiter {
            await HiddenBuild.waitForLargerGroups(
                than: 0, priorities: priorities, needs: needs, started: started, underway: underway)
        }
        #expect(await !login.hasReturned(), "the Login checks took a slot before the wiring checks held theirs")
        await started.publish(true, at: 1)
        await login.task.value
        #expect(await login.hasReturned())
        // The largest group waits for none; nor does a group whose larger ones hold their slots.
        await HiddenBuild.waitForLargerGroups(
            than: 2, priorities: priorities, needs: needs, started: OutcomeBoard<Bool>(), underway: underway)
        await HiddenBuild.waitForLargerGroups(
            than: 0, priorities: priorities, needs: needs, started: started, underway: underway)
        // Groups of the same priority do not wait for each other.
        await HiddenBuild.waitForLargerGroups(
            than: 0, priorities: [10, 10], needs: [["Login"], ["Login"]], started: OutcomeBoard<Bool>(),
            underway: { _ in true })
    }

    @Test("a file or support file whose imports the parser cannot decide needs every module")
    func undecidedImports() {
        let plan = plan()
        let everything = plan.targets.map(\.name)
        let undecidedFile = HiddenGroups(
            files: [.init(path: "tests/A.swift", imports: nil)], supportImports: [], everything: everything,
            needs: plan.needs(importing:))
        #expect(undecidedFile.groups.map(\.needs) == [everything])
        let undecidedSupport = HiddenGroups(
            files: [.init(path: "tests/A.swift", imports: ["Items"])], supportImports: nil, everything: everything,
            needs: plan.needs(importing:))
        #expect(undecidedSupport.groups.map(\.needs) == [everything])
    }

    @Test("HiddenChecks and HiddenChecks followed by digits are reserved; other names are the learner's")
    func reservedNames() {
        #expect(SwiftCompiler.isReservedModuleName("HiddenChecks"))
        #expect(SwiftCompiler.isReservedModuleName("HiddenChecks12"))
        #expect(!SwiftCompiler.isReservedModuleName("HiddenChecksKit"))
        #expect(!SwiftCompiler.isReservedModuleName("Login"))
    }
}

/// `wait`, run in a task of its own, and whether it has returned once every other task has had
/// 50 turns.
private struct Waiter {
    private final class Returned: Sendable {
        let value = Mutex(false)
    }

    private let returned: Returned
    let task: Task<Void, Never>

    init(_ wait: @escaping @Sendable () async -> Void) {
        let returned = Returned()
        self.returned = returned
        task = Task {
            await wait()
            returned.value.withLock { $0 = true }
        }
    }

    func hasReturned() async -> Bool {
        for _ in 0..<50 { await Task.yield() }
        return returned.value.withLock { $0 }
    }
}

/// Issue 15: on a first build the learner's targets compile without waiting for the hidden checks'
/// groups, which need the parse of the hidden files (40 ms on an empty cache): only a target
/// compiled before can get a module job of its own (``LearnerBuild/Plan/moduleFirst(_:)``) or a
/// slot after the checks' (``LearnerBuild/Plan/priority(_:)``), so only such a target asks, and
/// it asks for the priority only when it compiles.
struct FirstBuildTests {
    /// How often the build asked for the groups (``LearnerBuild/Plan/groups``).
    final class Asked: Sendable {
        let count = Mutex(0)
        var times: Int { count.withLock { $0 } }
    }

    let scratch = Fixtures.runFolder.appendingPathComponent(
        "dikata-first-build-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)

    var folder: BuildFolder { BuildFolder(root: scratch.appendingPathComponent("build", isDirectory: true)) }

    /// Builds KataSupport and Login (which sees it, and is the last target) with `runner`,
    /// counting the plan's questions for the groups in `asked`. `stamped` targets get a stamp
    /// of an earlier build (stale); `login` is Login's source.
    func build(
        _ runner: ScriptedProcessRunner, asked: Asked, stamped: [String] = [],
        login: String = "import KataSupport\n"
    ) async throws -> LearnerBuild.Result {
        let folder = self.folder
        try folder.prepare()
        for name in stamped {
            try FileManager.default.createDirectory(at: folder.target(name), withIntermediateDirectories: true)
            try "an earlier build".write(to: folder.stamp(name), atomically: true, encoding: .utf8)
        }
        let root = scratch.appendingPathComponent("snapshot", isDirectory: true)
        let files = [
            "Sources/KataSupport/Support.swift": "public struct Support {}\n",
            "Sources/Login/Login.swift": login,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var environment = GradingEnvironment.scripted
        environment.cacheRoot = scratch.appendingPathComponent("cache", isDirectory: true)
        let compiler = SwiftCompiler(
            environment: environment, runner: runner, buildDirectory: folder.root, hiddenPaths: [], timeout: 60)
        let learner = LearnerBuild(
            folder: folder, compiler: compiler,
            locator: SourceLocator(snapshotRoot: root.path + "/", files: Array(files.keys), targetPaths: [:]),
            readOnly: [], flags: [:], surfaceTargets: [], toolchain: "test", parallelism: 2, progress: { _ in })
        var plan = learner.plan([
            LearnerPackage.Target(name: "KataSupport", type: .regular, path: "Sources/KataSupport", dependencies: []),
            LearnerPackage.Target(name: "Login", type: .regular, path: "Sources/Login", dependencies: ["KataSupport"]),
        ])
        plan.groups = {
            asked.count.withLock { $0 += 1 }
            return HiddenGroups(files: [], supportImports: [], everything: [], needs: { _ in [] })
        }
        let snapshot = PackageSnapshot(root: root, files: files, problems: [], notes: [])
        return await learner.build(
            plan, snapshot: snapshot, board: OutcomeBoard(), modules: OutcomeBoard(), slots: AsyncSlots(2))
    }

    var compiles: ScriptedProcessRunner {
        ScriptedProcessRunner([
            .init("plan: compile KataSupport", repeats: true, .exits(1)),
            .init("plan: compile Login", repeats: true, .exits(1)),
            .init("compile KataSupport", repeats: true, .exits(0)),
            .init("compile Login", repeats: true, .exits(0)),
        ])
    }

    @Test("a first build compiles every target without asking for a module job of its own")
    func firstBuildAsksNothing() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let asked = Asked()
        let runner = compiles
        let result = try await build(runner, asked: asked)
        #expect(result.failures.isEmpty)
        #expect(asked.times == 0)
        #expect(Set(runner.requests.map(\.purpose)).isSuperset(of: ["compile KataSupport", "compile Login"]))
    }

    @Test("a target compiled before asks, and only it: Login, the last target, for a job of its own and its slot")
    func rebuiltTargetAsks() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let asked = Asked()
        let result = try await build(compiles, asked: asked, stamped: ["Login"])
        #expect(result.failures.isEmpty)
        #expect(asked.times == 2)
    }

    @Test("a target compiled before whose build is current takes no slot, and does not ask for one")
    func currentTargetDoesNotAsk() async throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let first = Asked()
        #expect(try await build(compiles, asked: first).failures.isEmpty)
        // The scripted compiles write nothing: what they would have written makes both builds
        // current, and then Login is edited.
        for name in ["KataSupport", "Login"] {
            for output in [folder.object(name), folder.module(name)] {
                #expect(FileManager.default.createFile(atPath: output.path, contents: Data()))
            }
        }
        let asked = Asked()
        let runner = compiles
        let result = try await build(runner, asked: asked, login: "import KataSupport\n// edited\n")
        #expect(result.failures.isEmpty)
        #expect(runner.requests.map(\.purpose).filter { $0 == "compile KataSupport" }.isEmpty)
        // Login's two questions; KataSupport, current, asks for no slot.
        #expect(asked.times == 2)
    }
}
