import TerminalUI

/// What a loop needs from a terminal: its size, a way to draw a frame, input, and handing the
/// terminal over to another program. `CursesTerminal` is the live one; tests use an in-memory one.
public protocol TerminalDevice: AnyObject {
    var size: (rows: Int, cols: Int) { get }
    /// Shows `grid` (a device may copy only what changed since the last frame).
    func draw(_ grid: CellGrid)
    /// Waits up to `milliseconds` for input; nil when none came.
    func read(timeout milliseconds: Int32) async -> TerminalInput?
    /// Hands the terminal to `body` (an editor), then takes it back and repaints on the next draw.
    func suspend(_ body: () -> Void)
    /// Gives the terminal back (idempotent).
    func close()
}

/// Input from a terminal: a key, a new size, or a signal that ends the program.
public enum TerminalInput: Equatable, Sendable {
    case key(Key)
    case resize(rows: Int, cols: Int)
    case signal(Int32)
}
