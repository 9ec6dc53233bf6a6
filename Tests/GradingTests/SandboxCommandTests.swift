import DIKataCore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Grading

/// The one place sandboxed requests are built: the whole command line for the checks and for
/// the compiler, what each may see and write, and the cgroup a root run joins.
struct SandboxCommandTests {
    let bubblewrap = Sandbox(
        tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: "/usr/bin/prlimit", runningAsRoot: false,
        systemPaths: ["/usr", "/toolchain"])
    let limits = Sandbox.ResourceLimits(
        cpuSeconds: 31, memoryBytes: 512 << 20, fileSizeBytes: 64 << 20, openFiles: 256, processes: 256,
        rootProcesses: 256)

    func checks(start: SandboxedRequest.Start, writable: [String] = []) -> SandboxedRequest {
        SandboxedRequest(
            command: ["/build/checks/runner", "--no-parallel"], purpose: "run the hidden checks",
            environment: ["PATH": "/usr/bin", "HOME": "/tmp"], timeout: 30, outputLimit: 4096, writable: writable,
            readOnly: ["/build/checks/runner"], hidden: ["/katas/01-login"], start: start, limits: limits,
            shouldStop: { false }, channel: { _ in })
    }

    @Test func theChecksRunUnderLimitsInBubblewrapSeeingOnlyTheSystemAndTheirBinary() {
        let request = bubblewrap.request(for: checks(start: .temporaryFolder))
        let line = [request.executable] + request.arguments
        #expect(
            line == [
                "/usr/bin/prlimit", "--cpu=31", "--fsize=\(64 << 20)", "--nofile=256", "--as=\(512 << 20)",
                "--nproc=256", "--",
                "/usr/bin/bwrap", "--ro-bind-try", "/usr", "/usr", "--ro-bind-try", "/toolchain", "/toolchain",
                "--dev", "/dev", "--proc", "/proc", "--size", "\(64 << 20)", "--tmpfs", "/tmp",
                "--tmpfs", "/katas/01-login", "--ro-bind", "/build/checks/runner", "/build/checks/runner",
                "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--chdir", "/tmp",
                "--", "/build/checks/runner", "--no-parallel",
            ])
        // It starts in the sandbox's own /tmp: there is nothing on this machine to change to first.
        #expect(request.workingDirectory == nil)
        // No network: every namespace is unshared, the network's too, and none is shared back.
        #expect(!line.contains("--share-net"))
        #expect(request.environment == ["PATH": "/usr/bin", "HOME": "/tmp"])
        #expect(request.timeout == 30 && request.outputLimit == 4096 && request.purpose == "run the hidden checks")
        #expect(request.channel != nil && request.shouldStop?() == false)
    }

    @Test func aRunThatStartsInAFolderStartsThereOnBothSidesAndMayWriteOnlyItsWritableFolders() {
        let request = bubblewrap.request(for: checks(start: .folder("/build/run"), writable: ["/build/run"]))
        #expect(request.workingDirectory == "/build/run")
        let text = request.arguments.joined(separator: " ")
        #expect(text.contains("--bind /build/run /build/run --unshare-all"))
        #expect(text.contains("--chdir /build/run --"))
        #expect(text.components(separatedBy: "--bind ").count == 2, "One writable folder: \(text)")
    }

    @Test func withoutBubblewrapOrPrlimitTheLimitsAreSetByTheShell() {
        let bare = Sandbox(tool: .none(reason: "test"), prlimit: nil, runningAsRoot: false)
        let request = bare.request(for: checks(start: .folder("/build/run")))
        #expect(
            [request.executable] + request.arguments == [
                "/bin/sh", "-c",
                "ulimit -t 31 && ulimit -f \((64 << 20) / 512) && ulimit -n 256 && ulimit -v \((512 << 20) / 1024) && exec \"$@\"",
                "dikata-sandbox", "/build/checks/runner", "--no-parallel",
            ])
        #expect(request.workingDirectory == "/build/run")
    }

    @Test func asRootTheProcessLimitIsTheCgroupNotRlimitNproc() {
        let root = Sandbox(tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: "/usr/bin/prlimit", runningAsRoot: true)
        let request = root.request(for: checks(start: .temporaryFolder), cap: ProcessCap(folder: "/cg/run-1-a"))
        #expect(request.executable == "/bin/sh")
        #expect(
            Array(request.arguments.prefix(3)) == ["-c", "echo $$ > \"$0\" && exec \"$@\"", "/cg/run-1-a/cgroup.procs"])
        #expect(!request.arguments.contains { $0.hasPrefix("--nproc") })
    }

    @Test func aRootRunJoinsAFreshCgroupThatIsClosedWhenItEnds() async {
        let events = Mutex<[String]>([])
        let caps = ProcessCaps(
            open: { limit in
                events.withLock { $0.append("open \(limit)") }
                return ProcessCap(folder: "/cg/run-\(limit)")
            },
            close: { cap in events.withLock { $0.append("close \(cap.folder)") } })
        let root = Sandbox(
            tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: nil, runningAsRoot: true, processCaps: caps)
        let runner = ScriptedProcessRunner([
            .init("run the hidden checks") { request in
                events.withLock { $0.append("run \(request.arguments[2])") }
                return .exits(0)
            }
        ])
        let result = await root.run(checks(start: .temporaryFolder), on: runner)
        #expect(result.termination == .exited(0))
        #expect(events.withLock { $0 } == ["open 256", "run /cg/run-256/cgroup.procs", "close /cg/run-256"])
    }

    @Test func anOrdinaryUserNeverOpensACgroup() async {
        let caps = ProcessCaps(
            open: { _ in
                Issue.record("An ordinary user's run opened a cgroup.")
                return nil
            }, close: { _ in })
        let user = Sandbox(tool: .none(reason: "test"), prlimit: nil, runningAsRoot: false, processCaps: caps)
        let runner = ScriptedProcessRunner([.init("run the hidden checks", .exits(0))])
        _ = await user.run(checks(start: .temporaryFolder), on: runner)
        #expect(runner.requests.count == 1)
    }

    // MARK: - The compiler's requests

    @Test func theCompilerWritesOnlyTheBuildFolderAndModuleCacheAndNeverSeesTheHiddenChecks() async throws {
        // A folder of its own: a compile keeps its driver plan beside the build folder.
        let root = Fixtures.runFolder.appendingPathComponent("dikata-compiler-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent("dikata").path
        let runner = ScriptedProcessRunner([
            .init("link the check runner", .exits(0)), .init("plan: link the check runner", .exits(1)),
        ])
        let compiler = SwiftCompiler(
            environment: .scripted(cacheRoot: URL(fileURLWithPath: cache)), runner: runner,
            buildDirectory: URL(fileURLWithPath: "\(cache)/builds/k"),
            hiddenPaths: ["/katas/01-login"], timeout: 120)
        let result = await compiler.link(objects: ["\(cache)/builds/k/a.o"], output: URL(fileURLWithPath: "/out"))
        #expect(result.termination == .exited(0))
        let request = try #require(runner.requests.first { $0.purpose == "link the check runner" })
        let line = ([request.executable] + request.arguments).joined(separator: " ")
        #expect(line.hasPrefix("/usr/bin/prlimit --cpu=125 --fsize=\(512 << 20) --nofile=1024 -- /usr/bin/bwrap "))
        #expect(!line.contains("--as=") && !line.contains("--nproc"), "The compiler has no memory or process limit.")
        #expect(line.contains("--tmpfs /katas/01-login"))
        #expect(
            line.contains(
                "--bind \(cache)/builds/k \(cache)/builds/k --bind \(cache)/module-cache \(cache)/module-cache --unshare-all"
            ))
        #expect(
            line.hasSuffix(
                "--chdir \(cache)/builds/k -- /toolchain/usr/bin/swiftc -o /out \(cache)/builds/k/a.o"))
        #expect(request.workingDirectory == "\(cache)/builds/k")
        #expect(request.environment["HOME"] == "\(cache)/builds/k/home")
        #expect(request.environment["PATH"] == "/usr/bin:/bin")
        #expect(
            request.environment["GLIBC_TUNABLES"] == "glibc.malloc.hugetlb=1",
            "The toolchain's allocator asks for huge pages (a frontend runs 7-9 % faster).")
        #expect(request.timeout == 120 && request.outputLimit == 256 << 10)
    }

    /// The first link asks the driver for its plan alongside; the second runs the planned jobs
    /// (the toolchain's own programs, in the same sandbox) without starting the driver.
    @Test func aSecondCompileWithTheSameArgumentsRunsTheDriversPlanDirectly() async throws {
        let folder = Fixtures.runFolder.appendingPathComponent("dikata-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let planned = """
            /toolchain/usr/bin/swift-autolink-extract \(folder.path)/a.o -o \(folder.path)/main.autolink
            /toolchain/usr/bin/clang -fuse-ld=lld \(folder.path)/a.o -o /out
            """
        // What clang would run for the link: the plan starts the linker itself.
        let linker = " \"/toolchain/usr/bin/ld.lld\" \"-pie\" \"\(folder.path)/a.o\" \"-o\" \"/out\""
        let runner = ScriptedProcessRunner([
            .init("link the check runner", .exits(0)),
            .init("plan: link the check runner", .exits(0, stdout: planned)),
            .init("plan: the linker command", .exits(0, stderr: "clang version 21\nTarget: x86_64\n" + linker)),
            .init("link the check runner", repeats: true) { _ in .exits(0) },
        ])
        let compiler = SwiftCompiler(
            environment: .scripted(cacheRoot: folder.appendingPathComponent("cache")), runner: runner,
            buildDirectory: folder, hiddenPaths: [], timeout: 120)
        let objects = [folder.appendingPathComponent("a.o").path]
        _ = await compiler.link(objects: objects, output: URL(fileURLWithPath: "/out"))
        let before = runner.requests.count
        let second = await compiler.link(objects: objects, output: URL(fileURLWithPath: "/out"))
        #expect(second.termination == .exited(0))
        let commands = runner.requests.dropFirst(before).map { request in
            Array(([request.executable] + request.arguments).drop { !$0.hasPrefix("/toolchain/usr/bin/") })
        }
        // a.o is not an object dikata can read, so the toolchain's autolink tool runs.
        #expect(
            commands.map { $0.first ?? "" } == [
                "/toolchain/usr/bin/swift-autolink-extract", "/toolchain/usr/bin/ld.lld",
            ])
        #expect(commands.last == ["/toolchain/usr/bin/ld.lld", "-pie", "\(folder.path)/a.o", "-o", "/out"])
    }

    /// A compile with no plan yet asks the driver for one and runs its jobs itself: the module
    /// job and the object job side by side, the module reported written when its job ends. The
    /// driver itself (`-j1`, one job after the other) runs only when it prints no plan.
    @Test func aFirstCompileRunsTheDriversPlanAndTheDriverOnlyWhenThereIsNone() async throws {
        let folder = Fixtures.runFolder.appendingPathComponent("dikata-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let planned = """
            /toolchain/usr/bin/swift-frontend -frontend -c \(folder.path)/L.swift -o \(folder.path)/L.o
            /toolchain/usr/bin/swift-frontend -frontend -emit-module \(folder.path)/L.swift -emit-module-path \(folder.path)/L.swiftmodule
            """
        let runner = ScriptedProcessRunner([
            .init("plan: compile Login", where: { $0.arguments.contains("-D") }, .exits(1)),
            .init("plan: compile Login", .exits(0, stdout: planned)),
            .init("compile Login", repeats: true, .exits(0)),
        ])
        let compiler = SwiftCompiler(
            environment: .scripted(cacheRoot: folder.appendingPathComponent("cache")), runner: runner,
            buildDirectory: folder, hiddenPaths: [], timeout: 120)
        let written = Mutex(0)
        func compile(settings: [String]) async -> ProcessResult {
            await compiler.compileModule(
                SwiftCompiler.ModuleCompile(
                    name: "Login", files: [folder.path + "/L.swift"], includeDirectories: [],
                    object: folder.appendingPathComponent("L.o"),
                    module: folder.appendingPathComponent("L.swiftmodule"),
                    isExecutable: false, hasTopLevelCode: false, settings: settings, separateModule: true),
                moduleWritten: { written.withLock { $0 += 1 } })
        }
        func programs(_ requests: some Collection<ProcessRequest>) -> [String] {
            requests.map { request in
                ([request.executable] + request.arguments).first { $0.hasPrefix("/toolchain/usr/bin/") } ?? ""
            }
        }

        #expect(await compile(settings: []).termination == .exited(0))
        let jobs = runner.requests(for: "compile Login")
        #expect(programs(jobs) == ["/toolchain/usr/bin/swift-frontend", "/toolchain/usr/bin/swift-frontend"])
        #expect(
            Set(jobs.compactMap { $0.arguments.first { $0 == "-c" || $0 == "-emit-module" } }) == [
                "-c", "-emit-module",
            ])
        #expect(written.withLock { $0 } == 1, "the module job reports the module written")
        #expect(runner.requests.first?.purpose == "plan: compile Login", "the plan comes first")

        // No plan printed: the driver compiles.
        let before = runner.requests.count
        #expect(await compile(settings: ["-D", "X"]).termination == .exited(0))
        let after = runner.requests.dropFirst(before)
        #expect(after.map(\.purpose) == ["plan: compile Login", "compile Login"])
        #expect(programs(after.suffix(1)) == ["/toolchain/usr/bin/swiftc"])
        #expect(after.last?.arguments.contains("-###") == false)
        #expect(runner.unusedRules.isEmpty)
    }

    /// A compile planned ahead (while what it needs still compiles) runs that plan when its turn
    /// comes; one that comes while its plan is still being made waits for it instead of asking
    /// the driver a second time; a plan kept is not made again.
    @Test func aCompilePlannedAheadRunsThatPlanWhoeverAsksFirst() async throws {
        let folder = Fixtures.runFolder.appendingPathComponent("dikata-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let planned = "/toolchain/usr/bin/swift-frontend -frontend -c \(folder.path)/L.swift -o \(folder.path)/L.o\n"
        let runner = ScriptedProcessRunner([
            .init("plan: compile Login", .exits(0, stdout: planned)),
            .init("compile Login", repeats: true, .exits(0)),
        ])
        let compiler = SwiftCompiler(
            environment: .scripted(cacheRoot: folder.appendingPathComponent("cache")), runner: runner,
            buildDirectory: folder, hiddenPaths: [], timeout: 120)
        let job = SwiftCompiler.ModuleCompile(
            name: "Login", files: [folder.path + "/L.swift"], includeDirectories: [],
            object: folder.appendingPathComponent("L.o"), module: nil, isExecutable: false, hasTopLevelCode: false,
            settings: [])
        let slots = AsyncSlots(2)
        async let ahead: Void = compiler.planAhead(compiling: job, slots: slots)
        async let compiled = compiler.compileModule(job)
        await ahead
        #expect(await compiled.termination == .exited(0))
        await compiler.planAhead(compiling: job, slots: slots)
        #expect(runner.requests(for: "plan: compile Login").count == 1, "one plan, whoever asked first")
        let ran = runner.requests(for: "compile Login").map { request in
            ([request.executable] + request.arguments).first { $0.hasPrefix("/toolchain/usr/bin/") }
        }
        #expect(ran == ["/toolchain/usr/bin/swift-frontend"], "the plan's job, not the driver")
    }

    /// Every package has a build folder of its own (every submission of a batch does): the
    /// plan one folder made runs in the next, with that folder's paths in its jobs and in the
    /// driver's files; one that fails there is not trusted with the verdict, and the driver runs.
    @Test func anotherBuildFolderRunsThePlanOneMadeAndTheDriverWhenItFails() async throws {
        let root = Fixtures.runFolder.appendingPathComponent("dikata-shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent("dikata", isDirectory: true)
        @Sendable func folder(_ name: String) -> URL {
            cache.appendingPathComponent("builds/\(name)", isDirectory: true)
        }
        let planned: @Sendable (ProcessRequest) -> ScriptedProcessRunner.Reply = { request in
            // The driver writes its map of outputs under TMPDIR, in JSON, and names it in the job.
            let temporary = request.environment["TMPDIR"] ?? "/nowhere"
            let build = URL(fileURLWithPath: temporary).deletingLastPathComponent().deletingLastPathComponent().path
            let map = "\(temporary)/TemporaryDirectory.x/supplementaryOutputs-1"
            try? FileManager.default.createDirectory(
                atPath: "\(temporary)/TemporaryDirectory.x", withIntermediateDirectories: true)
            let escaped = build.replacingOccurrences(of: "/", with: "\\/")
            try? Data("{\"\(escaped)\\/L.swift\" : {}}".utf8).write(to: URL(fileURLWithPath: map))
            return .exits(
                0,
                stdout: "/toolchain/usr/bin/swift-frontend -frontend -c \(build)/L.swift"
                    + " -supplementary-output-file-map \(map) -o \(build)/L.o\n")
        }
        let runner = ScriptedProcessRunner([
            .init(
                "plan: compile Login", repeats: true,
                where: { $0.environment["TMPDIR"]?.contains("k-cccc") == true }, .exits(1)),
            .init("plan: compile Login", repeats: true, reply: planned),
            // The shared plan's frontend fails once in folder c, as a plan that does not fit would.
            .init("compile Login", where: { $0.arguments.contains(folder("k-cccc").path + "/L.o") }, .exits(1)),
            .init("compile Login", repeats: true, .exits(0)),
        ])
        func compile(in name: String) async -> ProcessResult {
            let build = folder(name)
            let compiler = SwiftCompiler(
                environment: .scripted(cacheRoot: cache), runner: runner, buildDirectory: build, hiddenPaths: [],
                timeout: 120)
            return await compiler.compileModule(
                SwiftCompiler.ModuleCompile(
                    name: "Login", files: [build.path + "/L.swift"], includeDirectories: [],
                    object: build.appendingPathComponent("L.o"), module: nil, isExecutable: false,
                    hasTopLevelCode: false, settings: []))
        }
        _ = await compile(in: "k-aaaa")
        #expect(runner.requests(for: "plan: compile Login").count == 1)

        #expect(await compile(in: "k-bbbb").termination == .exited(0))
        #expect(runner.requests(for: "plan: compile Login").count == 1, "folder b asked no driver")
        let ran = try #require(runner.requests(for: "compile Login").last)
        let job = Array(([ran.executable] + ran.arguments).drop { !$0.hasPrefix("/toolchain/usr/bin/") })
        let b = folder("k-bbbb").path
        let hisMap = try #require(job.first { $0.hasSuffix("supplementaryOutputs-1") })
        #expect(
            job == [
                "/toolchain/usr/bin/swift-frontend", "-frontend", "-c", "\(b)/L.swift",
                "-supplementary-output-file-map", hisMap, "-o", "\(b)/L.o",
            ])
        #expect(hisMap.hasPrefix("\(b)/driver-plans/"))
        let written = try String(contentsOfFile: hisMap, encoding: .utf8)
        #expect(written == "{\"\(b.replacingOccurrences(of: "/", with: "\\/"))\\/L.swift\" : {}}")

        // Folder c: the shared plan fails there, so the driver runs after all and gives the result.
        #expect(await compile(in: "k-cccc").termination == .exited(0))
        #expect(runner.requests(for: "plan: compile Login").count == 2)
        // The driver printed no plan there, and the failed one is not left for the next grade.
        let plans = try FileManager.default.contentsOfDirectory(
            atPath: folder("k-cccc").appendingPathComponent("driver-plans").path)
        #expect(!plans.contains { $0.hasSuffix(".json") }, "\(plans)")
    }

    @Test func theLinkersCommandKeepsTheAutolinkResponseFileAndAnythingOddKeepsClang() async throws {
        let folder = Fixtures.runFolder.appendingPathComponent("dikata-plan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let autolink = "\(folder.path)/main.autolink"
        let planned = """
            /toolchain/usr/bin/swift-autolink-extract \(folder.path)/a.o -o \(autolink)
            /toolchain/usr/bin/clang -fuse-ld=lld \(folder.path)/a.o @\(autolink) -o /out
            """
        let object = "\(folder.path)/a.o"
        // clang prints its command with the inputs it was given (OBJECT in `printed`); it is
        // given an empty stand-in for the object, which need not exist yet (a link planned ahead).
        func linked(clangPrints printed: String) async -> [String] {
            let runner = ScriptedProcessRunner([
                .init("link the check runner", .exits(0)),
                .init("plan: link the check runner", .exits(0, stdout: planned)),
                .init("plan: the linker command") { request in
                    let standIn = request.arguments.first { $0.hasSuffix("/link-inputs/0.o") } ?? "none"
                    #expect(FileManager.default.fileExists(atPath: standIn), "clang is shown an input that exists")
                    #expect(!request.arguments.contains(object))
                    return .exits(0, stderr: printed.replacingOccurrences(of: "OBJECT", with: standIn))
                },
                .init("link the check runner", repeats: true) { _ in .exits(0) },
            ])
            let compiler = SwiftCompiler(
                environment: .scripted(cacheRoot: folder.appendingPathComponent("cache")), runner: runner,
                buildDirectory: folder, hiddenPaths: [], timeout: 120)
            let objects = [folder.appendingPathComponent("a.o").path]
            try? FileManager.default.removeItem(at: folder)
            _ = await compiler.link(objects: objects, output: URL(fileURLWithPath: "/out"))
            let planning = runner.requests(for: "plan: the linker command").first
            #expect(planning?.arguments.contains("-lDIKATA_AUTOLINK_RESPONSE_FILE") == true)
            #expect(planning?.arguments.contains("@\(autolink)") == false)
            let before = runner.requests.count
            _ = await compiler.link(objects: objects, output: URL(fileURLWithPath: "/out"))
            return runner.requests.dropFirst(before).last.map { request in
                Array(([request.executable] + request.arguments).drop { !$0.hasPrefix("/toolchain/usr/bin/") })
            } ?? []
        }
        let direct = await linked(
            clangPrints: " \"/toolchain/usr/bin/ld.lld\" \"OBJECT\" \"-lDIKATA_AUTOLINK_RESPONSE_FILE\" \"-o\" \"/out\""
        )
        #expect(direct == ["/toolchain/usr/bin/ld.lld", object, "@\(autolink)", "-o", "/out"])
        for odd in [
            // Two commands (an assembler first), a linker outside the toolchain, the object
            // missing, the response file dropped: clang stays.
            " \"/toolchain/usr/bin/as\" \"x.s\"\n \"/toolchain/usr/bin/ld.lld\" \"OBJECT\" \"-lDIKATA_AUTOLINK_RESPONSE_FILE\"",
            " \"/usr/bin/ld.lld\" \"OBJECT\" \"-lDIKATA_AUTOLINK_RESPONSE_FILE\"",
            " \"/toolchain/usr/bin/ld.lld\" \"-lDIKATA_AUTOLINK_RESPONSE_FILE\"",
            " \"/toolchain/usr/bin/ld.lld\" \"OBJECT\"",
        ] {
            #expect(await linked(clangPrints: odd).first == "/toolchain/usr/bin/clang", "\(odd)")
        }
    }
}
