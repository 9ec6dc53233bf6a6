import CursesShell
import Foundation
import TerminalUI
import Testing

/// An in-memory terminal for loop tests: it plays a script (keys, resizes, waits for text on
/// screen, code to run between reads), keeps every frame drawn, and counts suspensions. Each
/// read that returns nothing moves the clock on by the read's timeout, as a real wait would.
/// When the script is done it presses Ctrl-C.
public final class TestTerminal: TerminalDevice {
    public enum Step {
        case key(Key)
        case resize(rows: Int, cols: Int)
        case signal(Int32)
        /// Nothing is read until the last frame shows `text` (the test fails after about 2 s).
        case waitFor(String)
        /// `count` reads that return nothing (time passes on the clock).
        case idle(Int)
        /// Runs code between two reads (e.g. a file is saved).
        case run(() -> Void)

        /// Typing `text`, one key per character.
        public static func type(_ text: String) -> [Step] { text.map { .key(.character($0)) } }
    }

    public private(set) var size: (rows: Int, cols: Int)
    /// Every frame drawn, oldest first.
    public private(set) var frames: [CellGrid] = []
    /// How often the terminal was handed to another program (an editor).
    public private(set) var suspensions = 0
    public private(set) var closed = false
    private var script: [Step]
    private let clock: TestClock?
    private var waitedReads = 0

    public init(rows: Int = 24, cols: Int = 80, clock: TestClock? = nil, script: [Step]) {
        size = (rows, cols)
        self.clock = clock
        self.script = script
    }

    /// The text of the last frame.
    public var screen: String { frames.last?.text ?? "" }

    public func draw(_ grid: CellGrid) { frames.append(grid) }

    public func read(timeout milliseconds: Int32) async -> TerminalInput? {
        guard !script.isEmpty else { return .key(.interrupt) }
        switch script[0] {
        case .key(let key):
            script.removeFirst()
            return .key(key)
        case .resize(let rows, let cols):
            script.removeFirst()
            size = (rows, cols)
            return .resize(rows: rows, cols: cols)
        case .signal(let signal):
            script.removeFirst()
            return .signal(signal)
        case .run(let body):
            script.removeFirst()
            body()
            return await nothing(milliseconds)
        case .idle(let count):
            script[0] = .idle(count - 1)
            if count <= 1 { script.removeFirst() }
            return await nothing(milliseconds)
        case .waitFor(let text):
            if screen.contains(text) {
                script.removeFirst()
                waitedReads = 0
                return await nothing(milliseconds)
            }
            waitedReads += 1
            guard waitedReads < 2000 else {
                Issue.record("\"\(text)\" did not appear; the screen was:\n\(screen)")
                script.removeAll()
                return .key(.interrupt)
            }
            // Lets background work (a grade, a reset) post its result.
            try? await Task.sleep(for: .milliseconds(1))
            return await nothing(milliseconds)
        }
    }

    private func nothing(_ milliseconds: Int32) async -> TerminalInput? {
        clock?.advance(by: Double(milliseconds) / 1000)
        await Task.yield()
        return nil
    }

    public func suspend(_ body: () -> Void) {
        suspensions += 1
        body()
    }

    public func close() { closed = true }
}
