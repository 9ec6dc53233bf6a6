import DIKataCore

/// A process to start: the one description the process runner needs, also used in messages.
public struct ProcessRequest: Sendable {
    public var executable: String
    public var arguments: [String]
    public var environment: [String: String]
    public var workingDirectory: String?
    /// Wall-clock limit; the whole process group is killed when it passes.
    public var timeout: Double
    /// Bytes of stdout and of stderr to keep; the rest is read and dropped.
    public var outputLimit: Int
    /// Called every ~50 ms while the process runs; returning true kills the process group.
    public var shouldStop: (@Sendable () -> Bool)?
    /// What the process is for, in words ("compile Login").
    public var purpose: String
    /// When set, the child finds the write end of a pipe open as file descriptor 3, and what it
    /// writes there is handed to this closure as it arrives, in order. The check runner's event
    /// stream travels this way (`/dev/fd/3`): no file to forge, and learner code, which may not
    /// use file or descriptor APIs, cannot name it.
    public var channel: (@Sendable ([UInt8]) -> Void)?
    /// When set, the process starts at once but its standard input is a pipe that receives
    /// `run` when the gate opens (and is closed when it closes); the timeout and the result's
    /// duration count from the opening. See ``ProcessGate``. Without it, standard input is `/dev/null`.
    public var gate: ProcessGate?
    /// When set (and there is no `gate`), standard input is a socket that receives the lines sent
    /// to it while the process runs, and reads the end when it is finished. See ``ProcessInput``.
    public var input: ProcessInput?
    /// When set, the process may run in a sandbox it shares with others (a grade's toolchain
    /// jobs, ``SandboxHost``): the runner calls this first, and its result is the process's. nil
    /// from it (the host cannot take it, or has ended) means: run the command as given.
    public var hosted: (@Sendable () async -> ProcessResult?)?

    public init(
        executable: String, arguments: [String], environment: [String: String],
        workingDirectory: String? = nil, timeout: Double, outputLimit: Int = 1 << 20,
        shouldStop: (@Sendable () -> Bool)? = nil, purpose: String, channel: (@Sendable ([UInt8]) -> Void)? = nil,
        gate: ProcessGate? = nil, input: ProcessInput? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.shouldStop = shouldStop
        self.purpose = purpose
        self.channel = channel
        self.gate = gate
        self.input = input
    }
}

/// How a process ended.
public enum Termination: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
    case stopped
    case failedToStart(String)

    public var succeeded: Bool { self == .exited(0) }
}

/// What a process did: how it ended, what it printed (capped) and how long it took.
public struct ProcessResult: Sendable {
    public var termination: Termination
    public var stdout: CapturedText
    public var stderr: CapturedText
    public var duration: Double

    public init(termination: Termination, stdout: CapturedText, stderr: CapturedText, duration: Double) {
        self.termination = termination
        self.stdout = stdout
        self.stderr = stderr
        self.duration = duration
    }

    /// What a step whose outputs were already current reports: success, having run nothing.
    public static let succeededWithoutRunning = ProcessResult(
        termination: .exited(0), stdout: .empty, stderr: .empty, duration: 0)

    /// stderr then stdout, for error messages.
    public var combinedOutput: String {
        [stderr.text, stdout.text].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

/// Starts processes. The live value is `PosixProcessRunner`; it is the one place in dikata
/// that spawns anything.
public protocol ProcessRunning: Sendable {
    func run(_ request: ProcessRequest) async -> ProcessResult
}
