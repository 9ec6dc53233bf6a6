import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process that keeps running while a test talks to it (a server), with its output in a
/// file. Spawned with an empty signal mask, so SIGTERM works even from Swift Testing's threads.
public final class BackgroundProcess: @unchecked Sendable {
    public let pid: pid_t
    public let outputFile: URL

    public init(_ command: [String], environment: [String: String] = ProcessInfo.processInfo.environment, output: URL)
        throws
    {
        outputFile = output
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO) }
        self.pid = pid
    }

    public var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }

    /// Waits until the output matches, or gives up after `seconds`.
    public func waitForOutput(_ pattern: Regex<(Substring, Substring)>, seconds: Double = 20) async -> String? {
        await poll(seconds: seconds) { output.firstMatch(of: pattern).map { String($0.output.1) } }
    }

    /// Sends a signal and waits for the process to end; returns its wait status.
    @discardableResult
    public func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(pid, signal)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return status
    }

    deinit {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }
}
