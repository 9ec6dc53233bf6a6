import DIKataCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs processes with `posix_spawn`: own process group (so a timeout kills everything the
/// learner's code started), an empty signal mask (Swift Testing threads block signals and
/// children would inherit that), stdin from /dev/null, capped output, and a deadline.
public struct PosixProcessRunner: ProcessRunning {
    /// The clock deadlines and durations are read from.
    public var now: @Sendable () -> Date

    /// The composition root passes its clock; the default is the system's.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public func run(_ request: ProcessRequest) async -> ProcessResult {
        if let hosted = request.hosted, let result = await hosted() { return result }
        // A cancelled task stops its process (and its process group) as a timeout would.
        let cancelled = Mutex(false)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { [now] continuation in
                Thread.detachNewThread {
                    continuation.resume(
                        returning: Self.runBlocking(request, now: now, cancelled: { cancelled.withLock { $0 } }))
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
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

    static func runBlocking(
        _ request: ProcessRequest, now: @Sendable () -> Date, cancelled: () -> Bool = { false }
    ) -> ProcessResult {
        var started = now()
        func failure(_ message: String) -> ProcessResult {
            request.input?.detach()
            return ProcessResult(
                termination: .failedToStart(message), stdout: .empty, stderr: .empty,
                duration: now().timeIntervalSince(started))
        }
        guard let output = makePipe(), let errors = makePipe() else {
            return failure("could not create pipes: \(String(cString: strerror(errno)))")
        }
        var channel: (read: Int32, write: Int32)?
        if request.channel != nil {
            guard let made = makePipe() else {
                [output.read, output.write, errors.read, errors.write].forEach { _ = close($0) }
                return failure("could not create pipes: \(String(cString: strerror(errno)))")
            }
            channel = made
        }
        // A gated process reads its go-ahead from this socket (``ProcessGate``): a socket, so
        // that telling a child that has just died never raises SIGPIPE here.
        // A process with an input (``ProcessInput``) reads its lines from such a socket too.
        let input = request.gate == nil ? request.input : nil
        var gateLine: (read: Int32, write: Int32)?
        if request.gate != nil || input != nil {
            guard let made = makeSocketPair() else {
                ([output.read, output.write, errors.read, errors.write]
                    + [channel?.read, channel?.write].compactMap { $0 }).forEach { _ = close($0) }
                return failure("could not create the socket that starts it: \(String(cString: strerror(errno)))")
            }
            gateLine = made
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let gateLine {
            posix_spawn_file_actions_adddup2(&actions, gateLine.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        // Every pipe end is above 9 and closes on exec; dup2 gives the child its copies without that flag.
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        if let channel { posix_spawn_file_actions_adddup2(&actions, channel.write, 3) }
        SpawnDescriptors.closeAll(from: channel == nil ? 3 : 4, in: &actions)

        var attributes = Self.spawnAttributes(ownProcessGroup: true)
        defer { posix_spawnattr_destroy(&attributes) }

        var command = [request.executable] + request.arguments
        if let directory = request.workingDirectory,
            !SpawnDescriptors.changeDirectory(to: directory, in: &actions)
        {
            // Without the spawn's own change of directory, sh changes it; `cd` sets OLDPWD to
            // dikata's own folder: unset it so it never reaches the child.
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
        close(output.write)
        close(errors.write)
        if let channel { close(channel.write) }
        if let gateLine { close(gateLine.read) }
        if let input, let line = gateLine {
            // The input owns the write end from here, and closes it.
            if spawnError == 0 {
                input.attach(line.write)
            } else {
                close(line.write)
                input.detach()
            }
            gateLine = nil
        }
        var streams: [Int32: OutputStream] = [output.read: .stdout, errors.read: .stderr]
        if let channel { streams[channel.read] = .channel }
        guard spawnError == 0 else {
            streams.keys.forEach { _ = close($0) }
            if let gateLine { close(gateLine.write) }
            return failure(
                "could not start \(request.executable) to \(request.purpose): \(String(cString: strerror(spawnError)))")
        }

        var sinks = Sinks(
            stdout: CappedBuffer(limit: request.outputLimit), stderr: CappedBuffer(limit: request.outputLimit),
            channel: request.channel)
        var status: Int32 = 0
        var exited = false
        var forced: Termination?
        var deadline = started.addingTimeInterval(request.timeout)
        if let gate = request.gate, let gateLine {
            // The child sets up its sandbox meanwhile; its time starts when it may run.
            var decision: Bool?
            while decision == nil {
                decision = gate.wait(milliseconds: 20)
                guard decision == nil else { break }
                // A sandbox that could not be set up has ended already: its error is the result.
                if waitpid(pid, &status, WNOHANG) == pid {
                    exited = true
                    break
                }
                if cancelled() { break }
            }
            if decision == true {
                _ = "run\n".withCString { send(gateLine.write, $0, 4, Self.noSignal) }
                started = now()
                deadline = started.addingTimeInterval(request.timeout)
            } else if !exited {
                forced = .stopped
            }
            close(gateLine.write)
        }

        // Polls of a child whose pipes are closed but which has not been reaped yet.
        var exitPolls = 0
        while true {
            if !streams.isEmpty {
                var fds = streams.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                _ = poll(&fds, nfds_t(fds.count), 50)
                for entry in fds where entry.revents != 0 {
                    guard let stream = streams[entry.fd] else { continue }
                    if !drain(entry.fd, into: stream, of: &sinks) {
                        close(entry.fd)
                        streams[entry.fd] = nil
                    }
                }
            } else {
                // Its pipes closed as it exited; being reaped follows within milliseconds (a
                // compiler frees a few hundred megabytes first). Look often at first: a flat 10 ms
                // wait here held up one finished job in seven, and the jobs waiting for it.
                usleep(exitPolls < 40 ? 250 : 10_000)
                exitPolls += 1
            }
            if !exited, waitpid(pid, &status, WNOHANG) == pid { exited = true }
            if exited && streams.isEmpty { break }
            if exited {
                // The child is gone but something it started still holds the pipes.
                kill(-pid, SIGKILL)
                for (fd, stream) in streams {
                    drainAvailable(fd, into: stream, of: &sinks)
                    close(fd)
                }
                streams.removeAll()
                break
            }
            if now() > deadline {
                forced = .timedOut
            } else if cancelled() || request.shouldStop?() == true {
                forced = .stopped
            }
            if forced != nil {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                for (fd, stream) in streams {
                    drainAvailable(fd, into: stream, of: &sinks)
                    close(fd)
                }
                streams.removeAll()
                exited = true
                break
            }
        }
        // Anything left in the group (grandchildren) goes too.
        kill(-pid, SIGKILL)
        input?.detach()

        let termination: Termination
        if let forced {
            termination = forced
        } else if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signalled(status & 0x7f)
        }
        return ProcessResult(
            termination: termination, stdout: sinks.stdout.captured, stderr: sinks.stderr.captured,
            duration: now().timeIntervalSince(started))
    }

    private enum OutputStream { case stdout, stderr, channel }

    /// Where each stream's bytes go.
    private struct Sinks {
        var stdout: CappedBuffer
        var stderr: CappedBuffer
        var channel: (@Sendable ([UInt8]) -> Void)?

        mutating func take(_ bytes: ArraySlice<UInt8>, from stream: OutputStream) {
            switch stream {
            case .stdout: stdout.append(bytes)
            case .stderr: stderr.append(bytes)
            case .channel: channel?(Array(bytes))
            }
        }
    }

    /// A pipe whose ends are numbered 10 or above and close on exec, so that neither collides
    /// with the descriptors the child is given (0–3) nor leaks into other children.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        return renumbered(ends)
    }

    /// A connected pair of Unix stream sockets, numbered and closing on exec as `makePipe`'s.
    private static func makeSocketPair() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, streamType, 0, &ends) == 0 else { return nil }
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(ends[1], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return renumbered(ends)
    }

    /// Copies of `ends` numbered 10 or above that close on exec; the originals are closed.
    private static func renumbered(_ ends: [Int32]) -> (read: Int32, write: Int32)? {
        defer { ends.forEach { _ = close($0) } }
        let read = fcntl(ends[0], F_DUPFD_CLOEXEC, 10)
        let write = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        guard read >= 0, write >= 0 else {
            [read, write].filter { $0 >= 0 }.forEach { _ = close($0) }
            return nil
        }
        return (read, write)
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let noSignal: Int32 = 0  // Darwin: the socket has SO_NOSIGPIPE
    #endif

    /// The descriptors this process has open, so the child can close all but its own 0–3: what
    /// dikata's parent or a library left open without close-on-exec never reaches learner code.
    /// (A descriptor closed meanwhile is skipped by posix_spawn.)
    /// Reads what is available; false at end of file.
    private static func drain(_ fd: Int32, into stream: OutputStream, of sinks: inout Sinks) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(fd, &chunk, chunk.count)
        if count > 0 {
            sinks.take(chunk[0..<count], from: stream)
            return true
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        return false
    }

    /// Reads whatever is already buffered without waiting for more.
    private static func drainAvailable(_ fd: Int32, into stream: OutputStream, of sinks: inout Sinks) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN) != 0, drain(fd, into: stream, of: &sinks) {}
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
