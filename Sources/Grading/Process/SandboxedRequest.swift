import DIKataCore

/// A process that touches learner code, described once: what it runs, what it sees and may
/// write, and its limits. `Sandbox.request(for:cap:)` turns it into the contained
/// `ProcessRequest`; every sandboxed run (compiler, Package.swift, the checks) goes through it.
struct SandboxedRequest: Sendable {
    /// Where the process starts.
    enum Start: Equatable, Sendable {
        /// A folder of this machine, bound into the sandbox at the same path.
        case folder(String)
        /// The sandbox's own fresh `/tmp` (under bubblewrap; without it, dikata's working folder).
        case temporaryFolder
    }

    var command: [String]
    /// What the process is for, in words ("compile Login").
    var purpose: String
    var environment: [String: String]
    var timeout: Double
    var outputLimit: Int
    /// Folders it may write in (besides its own `/tmp`).
    var writable: [String]
    var readOnly: [String]
    /// Folders replaced by empty ones: the kata's hidden checks and solution.
    var hidden: [String]
    var start: Start
    var limits: Sandbox.ResourceLimits
    var shouldStop: (@Sendable () -> Bool)?
    var channel: (@Sendable ([UInt8]) -> Void)?
    /// When set, the sandbox is set up at once and the command runs only once the gate opens.
    var gate: ProcessGate?
    /// When set, the command reads the lines sent to it (``ProcessInput``).
    var input: ProcessInput?

    init(
        command: [String], purpose: String, environment: [String: String], timeout: Double, outputLimit: Int,
        writable: [String], readOnly: [String] = [], hidden: [String], start: Start, limits: Sandbox.ResourceLimits,
        shouldStop: (@Sendable () -> Bool)? = nil, channel: (@Sendable ([UInt8]) -> Void)? = nil,
        gate: ProcessGate? = nil, input: ProcessInput? = nil
    ) {
        self.command = command
        self.purpose = purpose
        self.environment = environment
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.writable = writable
        self.readOnly = readOnly
        self.hidden = hidden
        self.start = start
        self.limits = limits
        self.shouldStop = shouldStop
        self.channel = channel
        self.gate = gate
        self.input = input
    }
}

extension Sandbox {
    /// The request that runs `sandboxed` contained as `wrap` describes, in the cgroup `cap` when
    /// there is one. Builds the command line only; `run` starts it.
    func request(for sandboxed: SandboxedRequest, cap: ProcessCap? = nil) -> ProcessRequest {
        let folder: String?
        let inside: String?
        switch sandboxed.start {
        case .folder(let path): (folder, inside) = (path, path)
        // Bubblewrap makes `/tmp` inside; nothing on this machine to start in first.
        case .temporaryFolder: (folder, inside) = (nil, "/tmp")
        }
        let line = wrap(
            sandboxed.gate == nil ? sandboxed.command : gated(sandboxed.command), writable: sandboxed.writable,
            readOnly: sandboxed.readOnly, hidden: sandboxed.hidden,
            workingDirectory: inside, limits: sandboxed.limits, cap: cap)
        return ProcessRequest(
            executable: line[0], arguments: Array(line.dropFirst()), environment: sandboxed.environment,
            workingDirectory: folder, timeout: sandboxed.timeout, outputLimit: sandboxed.outputLimit,
            shouldStop: sandboxed.shouldStop, purpose: sandboxed.purpose, channel: sandboxed.channel,
            gate: sandboxed.gate, input: sandboxed.input)
    }

    /// Runs `sandboxed` contained. As root, with `rootProcesses`, it runs in a `pids` cgroup of
    /// its own, which is emptied and removed when it has ended.
    /// With a `host`, the runner offers it the process first (``ProcessRequest/hosted``): it runs
    /// there when the host takes it, else in a sandbox of its own, as described.
    func run(
        _ sandboxed: SandboxedRequest, on runner: any ProcessRunning, host: SandboxHost? = nil
    ) async -> ProcessResult {
        let caps = runningAsRoot ? processCaps : nil
        let cap = sandboxed.limits.rootProcesses.flatMap { caps?.open($0) }
        defer { if let cap { caps?.close(cap) } }
        var request = request(for: sandboxed, cap: cap)
        if let host { request.hosted = { await host.run(sandboxed) } }
        return await runner.run(request)
    }
}
