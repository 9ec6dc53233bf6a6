import DIKataCore

/// How processes that touch learner code are contained: bubblewrap when the machine has it,
/// resource limits always. Builds the command line; does not run anything.
public struct Sandbox: Sendable {
    public enum Tool: Equatable, Sendable {
        case bubblewrap(path: String)
        /// No namespace isolation available; the reason goes into the verdict's notes.
        case none(reason: String)
    }

    /// Resource limits for one process.
    public struct ResourceLimits: Equatable, Sendable {
        public var cpuSeconds: Int
        public var memoryBytes: Int?
        public var fileSizeBytes: Int
        public var openFiles: Int
        /// Processes and threads for an ordinary user (`RLIMIT_NPROC`, which counts all of that
        /// user's threads, so runs that start many processes, like SwiftPM, pass nil).
        public var processes: Int?
        /// Processes and threads for root, for whom `RLIMIT_NPROC` does nothing: the size of a
        /// `pids` cgroup the run joins. Only runs that execute learner code (Package.swift,
        /// the checks) need one; joining costs a cgroup migration (~15 ms).
        public var rootProcesses: Int?

        public init(
            cpuSeconds: Int, memoryBytes: Int?, fileSizeBytes: Int, openFiles: Int, processes: Int?,
            rootProcesses: Int? = nil
        ) {
            self.cpuSeconds = cpuSeconds
            self.memoryBytes = memoryBytes
            self.fileSizeBytes = fileSizeBytes
            self.openFiles = openFiles
            self.processes = processes
            self.rootProcesses = rootProcesses
        }
    }

    public var tool: Tool
    /// `prlimit` (util-linux) when present; otherwise limits are set with `sh -c ulimit`.
    public var prlimit: String?
    public var shell: String
    public var runningAsRoot: Bool
    /// What a sandboxed process sees of the machine besides what each run binds: the system's
    /// programs and libraries and the Swift toolchain, read-only. Never `/` itself, so the
    /// user's home, dikata's caches and other learners' files are not there at all.
    public var systemPaths: [String]
    /// The size of the fresh `/tmp` each sandboxed process gets.
    public var temporaryBytes: Int
    /// Per-run `pids` cgroups, used when running as root (nil when none can be made here).
    public var processCaps: ProcessCaps?
    /// `setsid` (util-linux) when present: with it and bubblewrap, the toolchain's jobs of a
    /// grade share one sandbox (``SandboxHost``), each job in a process group of its own.
    public var setsid: String?

    public init(
        tool: Tool, prlimit: String?, shell: String = "/bin/sh", runningAsRoot: Bool,
        systemPaths: [String] = Sandbox.defaultSystemPaths, temporaryBytes: Int = 64 << 20,
        processCaps: ProcessCaps? = nil, setsid: String? = nil
    ) {
        self.tool = tool
        self.prlimit = prlimit
        self.shell = shell
        self.runningAsRoot = runningAsRoot
        self.systemPaths = systemPaths
        self.temporaryBytes = temporaryBytes
        self.processCaps = processCaps
        self.setsid = setsid
    }

    /// System folders and files a compiler or a test binary may need (bound when they exist).
    /// The kernel's transparent huge page settings are there because glibc's allocator reads
    /// them before it asks for huge pages (``SwiftCompiler/toolEnvironment``); without them it
    /// never does.
    public static let defaultSystemPaths = [
        "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/ld.so.cache", "/etc/ld.so.conf",
        "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf",
        "/sys/kernel/mm/transparent_hugepage",
    ]

    public var isolation: Verdict.Isolation {
        if case .bubblewrap = tool { return .bubblewrap }
        return .limitsOnly
    }

    /// Notes for the verdict about what could not be enforced here.
    public var notes: [String] {
        var notes: [String] = []
        if case .none(let reason) = tool {
            notes.append(
                "Learner code ran with resource limits only (\(reason)): no network or file-system isolation. Install bubblewrap (`apt-get install bubblewrap`) for both."
            )
        }
        if runningAsRoot && processCaps == nil {
            notes.append(
                "Running as root without a writable pids cgroup: the number of processes learner code may start is not capped (bubblewrap's process namespace still ends them all with the run)."
            )
        }
        return notes
    }

    /// The command line that runs `command` contained: it sees only `systemPaths`, `readOnly`
    /// and `writable` (writes only in `writable` and a fresh, size-capped `/tmp`), the paths in
    /// `hidden` replaced by empty folders, no network, no other processes, and `limits`. With a
    /// `cap`, the whole run first joins that cgroup, so everything it starts counts against it.
    public func wrap(
        _ command: [String], writable: [String], readOnly: [String] = [], hidden: [String],
        workingDirectory: String?, limits: ResourceLimits?, cap: ProcessCap? = nil
    ) -> [String] {
        let line = contain(
            command, writable: writable, readOnly: readOnly, hidden: hidden, workingDirectory: workingDirectory,
            limits: limits)
        guard let cap else { return line }
        return [shell, "-c", "echo $$ > \"$0\" && exec \"$@\"", cap.membershipFile] + line
    }

    /// `command` held back until its standard input brings the line `run` (``ProcessGate``):
    /// nothing of it runs otherwise, and it reads `/dev/null` once it does. Innermost, so the
    /// sandbox around it is set up while it waits.
    public func gated(_ command: [String]) -> [String] {
        [shell, "-c", "read -r go && [ \"$go\" = run ] && exec \"$@\" < /dev/null", "dikata-gate"] + command
    }

    private func contain(
        _ command: [String], writable: [String], readOnly: [String], hidden: [String], workingDirectory: String?,
        limits: ResourceLimits?
    ) -> [String] {
        var line = command
        if case .bubblewrap(let bwrap) = tool {
            var arguments = [bwrap]
            for path in systemPaths { arguments += ["--ro-bind-try", path, path] }
            arguments += ["--dev", "/dev", "--proc", "/proc", "--size", "\(temporaryBytes)", "--tmpfs", "/tmp"]
            for path in hidden { arguments += ["--tmpfs", path] }
            for path in readOnly { arguments += ["--ro-bind", path, path] }
            for path in writable { arguments += ["--bind", path, path] }
            arguments += ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
            if let workingDirectory { arguments += ["--chdir", workingDirectory] }
            line = arguments + ["--"] + command
        }
        guard let limits else { return line }
        var processes = limits.processes
        if runningAsRoot { processes = nil }
        if let prlimit {
            var arguments = [
                prlimit, "--cpu=\(limits.cpuSeconds)", "--fsize=\(limits.fileSizeBytes)",
                "--nofile=\(limits.openFiles)",
            ]
            if let memory = limits.memoryBytes { arguments.append("--as=\(memory)") }
            if let processes { arguments.append("--nproc=\(processes)") }
            return arguments + ["--"] + line
        }
        // One limit per `ulimit`: dash takes only one (given more, it set none and said so), and
        // a limit that cannot be set runs nothing.
        var settings = [
            "ulimit -t \(limits.cpuSeconds)", "ulimit -f \(limits.fileSizeBytes / 512)",
            "ulimit -n \(limits.openFiles)",
        ]
        if let memory = limits.memoryBytes { settings.append("ulimit -v \(memory / 1024)") }
        return [shell, "-c", (settings + ["exec \"$@\""]).joined(separator: " && "), "dikata-sandbox"] + line
    }
}
