import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines for a running process's standard input, written as they are sent: how dikata hands
/// jobs to the sandbox a grade's compiles share (``SandboxHost``).
///
/// The live runner attaches the write end of a socket whose other end is the child's standard
/// input (a socket, so that writing to a child that has just died never raises SIGPIPE here);
/// lines sent before that are written then. ``finish()`` closes it: the child reads the end of
/// its input. A test runner that starts nothing reads the lines with ``next()`` instead.
public final class ProcessInput: Sendable {
    private struct State {
        var descriptor: Int32?
        var finished = false
        var ended = false
        var queued: [String] = []
        var readers: [CheckedContinuation<String?, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Sends one line (a newline is added); false once the input is finished or its process has
    /// ended, or when the line could not be written.
    @discardableResult
    public func send(_ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        let reader = state.withLock { state -> CheckedContinuation<String?, Never>?? in
            guard !state.finished, !state.ended else { return .some(nil) }
            if let descriptor = state.descriptor {
                guard Self.write(bytes, to: descriptor) else {
                    state.ended = true
                    close(descriptor)
                    state.descriptor = nil
                    return .some(nil)
                }
                return nil
            }
            if !state.readers.isEmpty { return state.readers.removeFirst() }
            state.queued.append(line)
            return nil
        }
        switch reader {
        case .none: return true
        case .some(.none): return false
        case .some(.some(let reader)):
            reader.resume(returning: line)
            return true
        }
    }

    /// Ends the input: the process reads the end of its standard input.
    public func finish() { shut(marking: \.finished) }

    /// The next line sent, in order; nil once the input is finished and every line was read.
    /// For test runners, which start nothing.
    public func next() async -> String? {
        await withCheckedContinuation { continuation in
            let line = state.withLock { state -> String?? in
                if !state.queued.isEmpty { return .some(state.queued.removeFirst()) }
                if state.finished || state.ended { return .some(nil) }
                state.readers.append(continuation)
                return nil
            }
            if let line { continuation.resume(returning: line) }
        }
    }

    /// The runner's side: `descriptor` is now the child's standard input. Lines already sent are
    /// written to it (in order); it is closed at once when the input is already finished.
    func attach(_ descriptor: Int32) {
        state.withLock { state in
            guard !state.finished, !state.ended else {
                close(descriptor)
                return
            }
            for line in state.queued where !Self.write(Array((line + "\n").utf8), to: descriptor) {
                state.ended = true
                break
            }
            state.queued = []
            if state.ended { close(descriptor) } else { state.descriptor = descriptor }
        }
    }

    /// The runner's side: the process has ended. Nothing more is written.
    func detach() { shut(marking: \.ended) }

    /// Sets `flag`, closes the descriptor and tells waiting readers there is nothing more.
    private func shut(marking flag: WritableKeyPath<State, Bool>) {
        let readers = state.withLock { state -> [CheckedContinuation<String?, Never>] in
            state[keyPath: flag] = true
            if let descriptor = state.descriptor {
                close(descriptor)
                state.descriptor = nil
            }
            defer { state.readers = [] }
            return state.readers
        }
        readers.forEach { $0.resume(returning: nil) }
    }

    /// Writes all of `bytes`, waiting while the socket is full; false when the reader is gone.
    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                sendBytes(descriptor, buffer.baseAddress, buffer.count, noSignal)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    #if canImport(Glibc)
        private static let sendBytes = Glibc.send
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let sendBytes = Darwin.send
        private static let noSignal: Int32 = 0  // Darwin: the socket has SO_NOSIGPIPE
    #endif
}
