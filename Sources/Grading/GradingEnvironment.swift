import DIKataCore
import Foundation

/// Everything grading needs from the machine, decided once in the composition root.
public struct GradingEnvironment: Sendable {
    public var swiftc: String
    public var swift: String
    /// The toolchain's `llvm-objdump` and `swift-demangle`: they read which symbols learner
    /// objects use, before any learner code runs.
    public var objdump: String
    public var demangler: String
    /// Root of dikata's caches: `module-cache/` (one fixed path, shared) and `builds/`.
    public var cacheRoot: URL
    public var sandbox: Sandbox
    /// How many compiler processes may run at once.
    public var parallelism: Int
    /// PATH for child processes.
    public var searchPath: String
    /// The toolchain's `lld` when it ships one: the check runner links in about half the time
    /// gold takes. nil links with the driver's default linker.
    public var fastLinker: String?
    /// Which build of dikata grades (its executable's identity): what dikata decided about
    /// compiled code, such as the safety check's refusals, is reused only by the same build.
    public var graderBuild: String
    /// How many build folders (one per kata and learner package) stay in `builds/` after a
    /// grade; the least recently graded beyond that are removed (``BuildFolders``).
    public var keptBuildFolders: Int

    public init(
        swiftc: String, swift: String, objdump: String, demangler: String, cacheRoot: URL, sandbox: Sandbox,
        parallelism: Int, searchPath: String, fastLinker: String? = nil, graderBuild: String = "",
        keptBuildFolders: Int = GradingEnvironment.defaultKeptBuildFolders
    ) {
        self.swiftc = swiftc
        self.swift = swift
        self.objdump = objdump
        self.demangler = demangler
        self.cacheRoot = cacheRoot
        self.sandbox = sandbox
        self.parallelism = max(1, parallelism)
        self.searchPath = searchPath
        self.fastLinker = fastLinker
        self.graderBuild = graderBuild
        self.keptBuildFolders = max(1, keptBuildFolders)
    }

    /// Every kata of two workspaces, twice over: a folder holds 0.3–6 MB.
    public static let defaultKeptBuildFolders = 64

    /// `<cache>/builds`, pruned to ``keptBuildFolders``.
    public var buildFolders: BuildFolders { BuildFolders(cacheRoot: cacheRoot, limit: keptBuildFolders) }

    public var moduleCache: URL { cacheRoot.appendingPathComponent("module-cache", isDirectory: true) }

    /// The environment every child process gets: nothing from the user's shell but PATH.
    func childEnvironment(home: String) -> [String: String] {
        [
            "PATH": searchPath, "HOME": home, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "SWIFT_BACKTRACE": "enable=no", "TMPDIR": "/tmp", "NO_COLOR": "1",
        ]
    }
}

/// Finds the tools grading needs on PATH; the composition root calls it with the real
/// environment and file system.
public struct ToolchainLocator: Sendable {
    public var isExecutable: @Sendable (String) -> Bool

    public init(isExecutable: @escaping @Sendable (String) -> Bool) {
        self.isExecutable = isExecutable
    }

    public func find(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }
}
