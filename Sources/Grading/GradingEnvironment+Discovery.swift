import DIKataCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GradingEnvironment {
    /// Finds the toolchain and sandbox on this machine. Called by the composition root (and
    /// test setup) with the process environment; nothing here reads globals itself.
    ///
    /// - `DIKATA_SANDBOX=none` opts out of bubblewrap (resource limits still apply).
    /// - `DIKATA_KEEP_BUILDS=N` keeps N build folders instead of
    ///   ``GradingEnvironment/defaultKeptBuildFolders``.
    /// - `newID` names each run's process cgroup (as root).
    /// - `graderBuild` identifies the running dikata (see ``GradingEnvironment/graderBuild``).
    public static func discover(
        environment: [String: String], cacheRoot: URL, runner: some ProcessRunning,
        isExecutable: @escaping @Sendable (String) -> Bool, parallelism: Int, runningAsRoot: Bool,
        newID: @escaping @Sendable () -> String, graderBuild: String
    ) async throws(GradingError) -> GradingEnvironment {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        var kept = defaultKeptBuildFolders
        if let value = environment["DIKATA_KEEP_BUILDS"], !value.isEmpty {
            guard let number = Int(value), number >= 1 else {
                throw .configuration(
                    "DIKATA_KEEP_BUILDS is \"\(value)\": set it to how many build folders dikata keeps (a whole number, at least 1), or unset it for \(defaultKeptBuildFolders)."
                )
            }
            kept = number
        }
        let locator = ToolchainLocator(isExecutable: isExecutable)
        guard let swiftc = locator.find("swiftc", path: path), let swift = locator.find("swift", path: path) else {
            throw .configuration(
                "dikata needs the Swift 6 toolchain (swiftc and swift) on PATH to grade katas. Install it from swift.org and check that `swiftc --version` works."
            )
        }
        // The toolchain's own binary tools, next to swiftc first.
        let toolchainBin = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().path
        guard let objdump = locator.find("llvm-objdump", path: toolchainBin + ":" + path),
            let demangler = locator.find("swift-demangle", path: toolchainBin + ":" + path)
        else {
            throw .configuration(
                "dikata needs llvm-objdump and swift-demangle, which ship with the Swift toolchain next to swiftc (\(toolchainBin)). Reinstall the toolchain, or put a full one first on PATH."
            )
        }
        let tool = await sandboxTool(
            environment: environment, locator: locator, path: path, runner: runner,
            probeStamp: SandboxProbeStamp(cacheRoot: cacheRoot))
        // The toolchain (compiler, runtime libraries, SDK modules) is visible read-only wherever
        // it is installed; the rest of the folders it sits in is not.
        var systemPaths = Sandbox.defaultSystemPaths
        for binary in [swiftc, URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path] {
            let root = URL(fileURLWithPath: binary).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
            if !systemPaths.contains(where: { root == $0 || root.hasPrefix($0 + "/") }) && root != "/" {
                systemPaths.append(root)
            }
        }
        // RLIMIT_NPROC does nothing for root: cap each run's processes with a cgroup instead.
        let caps = runningAsRoot ? ProcessCaps.discover(newID: newID) : nil
        let sandbox = Sandbox(
            tool: tool, prlimit: locator.find("prlimit", path: path), runningAsRoot: runningAsRoot,
            systemPaths: systemPaths, processCaps: caps, setsid: locator.find("setsid", path: path))
        return GradingEnvironment(
            swiftc: swiftc, swift: swift, objdump: objdump, demangler: demangler, cacheRoot: cacheRoot,
            sandbox: sandbox, parallelism: parallelism,
            searchPath: path, fastLinker: locator.find("ld.lld", path: toolchainBin).map { _ in "lld" },
            graderBuild: graderBuild,
            keptBuildFolders: kept)
    }

    /// The identity of the executable at `link`, a symbolic link followed: its path, size,
    /// modification time and inode. A rebuilt or reinstalled dikata is another grader build.
    public static func build(ofExecutable link: String) -> String {
        // `/proc/self/exe` is a link whose own date is the process's start.
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) ?? link
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(attributes[.size] ?? 0) \(modified) \(attributes[.systemFileNumber] ?? 0)"
    }

    /// bubblewrap when it is installed and can create namespaces here: probed once, then again
    /// only when the stamp of what decides that changes (a new boot, bwrap, user, namespaces).
    static func sandboxTool(
        environment: [String: String], locator: ToolchainLocator, path: String, runner: some ProcessRunning,
        probeStamp: SandboxProbeStamp
    ) async -> Sandbox.Tool {
        if environment["DIKATA_SANDBOX"] == "none" {
            return .none(reason: "DIKATA_SANDBOX=none")
        }
        guard let bwrap = locator.find("bwrap", path: path) else {
            return .none(reason: "bubblewrap (bwrap) is not installed")
        }
        if probeStamp.worked(bwrap: bwrap) { return .bubblewrap(path: bwrap) }
        let probe = await runner.run(
            ProcessRequest(
                executable: bwrap, arguments: ["--ro-bind", "/", "/", "--unshare-all", "--", "/bin/true"],
                environment: ["PATH": path], timeout: 10, purpose: "check that bubblewrap works"))
        guard probe.termination.succeeded else {
            let reason = probe.stderr.text.split(separator: "\n").first.map(String.init) ?? "it failed to start"
            return .none(reason: "bubblewrap cannot create a sandbox here: \(reason)")
        }
        probeStamp.recordWorked(bwrap: bwrap)
        return .bubblewrap(path: bwrap)
    }
}
