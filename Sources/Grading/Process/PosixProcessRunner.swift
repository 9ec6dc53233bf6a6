import DIKataCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs processes with `posix_spawn`: own process group (so a timeout kills everything the
/// learner's code started), an empty signal mask (Swift Testing threads block signals and
/// children would inherit that), stdin from /dev/null, capped output, and a deadline.
public struct PosixProcessRunner: ProcessRunning {
    public init() {}

    public func run(_ request: ProcessRequest) async -> ProcessResult {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Self.runBlocking(request))
            }
        }
    }

    /// Spawn attributes: an empty signal mask and default dispositions (Swift Testing threads
    /// block signals and children would inherit that), optionally a process group of its own.
    /// The caller destroys them.
    private static func spawnAttributes(ownProcessGroup: Bool) -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return attributes
    }

    /// Runs an interactive program (an editor) on the user's terminal: stdin, stdout and stderr
    /// are inherited, and the call waits for it to end.
    public func runInteractive(_ command: [String], environment: [String: String]) -> Termination {
        guard let executable = command.first else { return .failedToStart("no command") }
        var attributes = Self.spawnAttributes(ownProcessGroup: false)
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawnp(&pid, executable, nil, &attributes, argv, envp)
        guard error == 0 else { return .failedToStart("\(executable): \(String(cString: strerror(error)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    static func runBlocking(_ request: ProcessRequest) -> ProcessResult {
        let started = Date()
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            return failure("could not create pipes: \(String(cString: strerror(errno)))", started)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

        var attributes = Self.spawnAttributes(ownProcessGroup: true)
        defer { posix_spawnattr_destroy(&attributes) }

        // posix_spawn_file_actions_addchdir_np is not visible to Swift on every libc: let sh change directory.
        var command = [request.executable] + request.arguments
        if let directory = request.workingDirectory {
            // `cd` sets OLDPWD to dikata's own folder: unset it so it never reaches the child.
            command = ["/bin/sh", "-c", "cd \"$0\" && unset OLDPWD && exec \"$@\"", directory] + command
        }
        let argv = command.map { strdup($0) } + [nil]
        let envp = request.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawnError = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawnError == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            return failure(
                "could not start \(request.executable) to \(request.purpose): \(String(cString: strerror(spawnError)))",
                started)
        }

        var stdout = CappedBuffer(limit: request.outputLimit)
        var stderr = CappedBuffer(limit: request.outputLimit)
        var open: [Int32] = [outPipe[0], errPipe[0]]
        var status: Int32 = 0
        var exited = false
        var forced: Termination?
        let deadline = started.addingTimeInterval(request.timeout)

        while true {
            if !open.isEmpty {
                var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                _ = poll(&fds, nfds_t(fds.count), 50)
                for entry in fds where entry.revents != 0 {
                    let more = entry.fd == outPipe[0] ? drain(entry.fd, into: &stdout) : drain(entry.fd, into: &stderr)
                    if !more {
                        close(entry.fd)
                        open.removeAll { $0 == entry.fd }
                    }
                }
            } else {
                usleep(10_000)
            }
            if !exited, waitpid(pid, &status, WNOHANG) == pid { exited = true }
            if exited && open.isEmpty { break }
            if exited {
                // The child is gone but something it started still holds the pipes.
                kill(-pid, SIGKILL)
                for fd in open {
                    if fd == outPipe[0] { drainAvailable(fd, into: &stdout) } else { drainAvailable(fd, into: &stderr) }
                    close(fd)
                }
                open.removeAll()
                break
            }
            if Date() > deadline {
                forced = .timedOut
            } else if let shouldStop = request.shouldStop, shouldStop() {
                forced = .stopped
            }
            if forced != nil {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                for fd in open { close(fd) }
                open.removeAll()
                exited = true
                break
            }
        }
        // Anything left in the group (grandchildren) goes too.
        kill(-pid, SIGKILL)

        let termination: Termination
        if let forced {
            termination = forced
        } else if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signalled(status & 0x7f)
        }
        return ProcessResult(
            termination: termination, stdout: stdout.captured, stderr: stderr.captured,
            duration: Date().timeIntervalSince(started))
    }

    /// Reads what is available; false at end of file.
    private static func drain(_ fd: Int32, into buffer: inout CappedBuffer) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(fd, &chunk, chunk.count)
        if count > 0 {
            buffer.append(chunk[0..<count])
            return true
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        return false
    }

    /// Reads whatever is already buffered without waiting for more.
    private static func drainAvailable(_ fd: Int32, into buffer: inout CappedBuffer) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN) != 0, drain(fd, into: &buffer) {}
    }

    private static func failure(_ message: String, _ started: Date) -> ProcessResult {
        ProcessResult(
            termination: .failedToStart(message), stdout: .empty, stderr: .empty,
            duration: Date().timeIntervalSince(started))
    }
}

/// Keeps the first `limit` bytes and counts the rest.
struct CappedBuffer {
    let limit: Int
    var bytes: [UInt8] = []
    var dropped = 0

    init(limit: Int) { self.limit = limit }

    mutating func append(_ chunk: ArraySlice<UInt8>) {
        let room = max(0, limit - bytes.count)
        bytes.append(contentsOf: chunk.prefix(room))
        dropped += max(0, chunk.count - room)
    }

    var captured: CapturedText {
        CapturedText(text: String(decoding: bytes, as: UTF8.self), droppedBytes: dropped)
    }
}
