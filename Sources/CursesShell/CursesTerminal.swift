import CNcursesw
import Foundation
import TerminalUI

/// The one Swift type around ncursesw: opens the terminal, draws cell grids (only the cells
/// that changed), reads keys, suspends for an editor and always gives the terminal back.
/// Used from one thread only (the event loop's).
public final class CursesTerminal: TerminalDevice {
    private var previous: CellGrid?
    private var pairs: [String: Int16] = [:]
    private let colour: Bool
    private let escapeTimeout: Int32
    private var open = true

    /// Nil when the terminal cannot be used (unknown TERM, not a terminal): use plain output then.
    /// `escapeTimeout`: how long (ms) an Esc waits for the rest of a sequence before it counts
    /// as the Esc key.
    public init?(colour wanted: Bool, escapeTimeout: Int32 = 50) {
        self.escapeTimeout = escapeTimeout
        setlocale(LC_ALL, "")
        guard newterm(nil, dikata_stdout(), dikata_stdin()) != nil else { return nil }
        dikata_install_quit_signals()
        dikata_install_crash_restore()
        cbreak()
        noecho()
        nonl()
        keypad(dikata_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mousemask(dikata_wheel_up() | dikata_wheel_down(), nil)
        mouseinterval(0)
        colour = wanted && has_colors()
        if colour {
            start_color()
            use_default_colors()
        }
    }

    deinit { close() }

    public var size: (rows: Int, cols: Int) { (Int(dikata_lines()), Int(dikata_cols())) }

    /// Whether colours are in use (a terminal without colours gets the monochrome theme).
    public var usesColour: Bool { colour }

    /// Copies the cells that differ from the last frame to the screen.
    public func draw(_ grid: CellGrid) {
        for (row, col) in grid.differences(from: previous) {
            let cell = grid[row, col]
            guard !cell.text.isEmpty else { continue }  // right half of a wide character
            var scalars = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            scalars.append(0)
            _ = dikata_put_cell(Int32(row), Int32(col), scalars, attributes(cell.style), pair(cell.style))
        }
        previous = grid
        refresh()
    }

    /// Forgets what is on screen so the next draw repaints everything (after an editor ran).
    public func invalidate() {
        previous = nil
        clear()
    }

    /// Waits up to `milliseconds` for input.
    public func read(timeout milliseconds: Int32) -> TerminalInput? {
        if let signal = takeSignal() { return .signal(signal) }
        timeout(milliseconds)
        var character: wint_t = 0
        let result = get_wch(&character)
        if let signal = takeSignal() { return .signal(signal) }
        if result == ERR { return nil }
        if result == KEY_CODE_YES {
            let code = Int32(character)
            if code == dikata_key_resize() {
                previous = nil
                return .resize(rows: size.rows, cols: size.cols)
            }
            if code == dikata_key_mouse() {
                var event = MEVENT()
                guard getmouse(&event) == OK else { return nil }
                if event.bstate & dikata_wheel_up() != 0 { return .key(.wheelUp) }
                if event.bstate & dikata_wheel_down() != 0 { return .key(.wheelDown) }
                return nil
            }
            return KeyDecoder.functionKey(code).map(TerminalInput.key)
        }
        if character == 27 {
            // curses hands over sequences it has no terminfo entry for byte by byte.
            let key = EscapeSequence.read(
                timeout: escapeTimeout,
                next: { wait in
                    timeout(wait)
                    var next: wint_t = 0
                    switch get_wch(&next) {
                    case ERR: return nil
                    case KEY_CODE_YES:
                        // A whole key curses decoded (Esc, then Down): it ends what came before
                        // and is read next.
                        _ = ungetch(Int32(next))
                        return nil
                    default: return UInt32(next)
                    }
                }, pushBack: { _ = unget_wch(wchar_t(bitPattern: $0)) })
            return key.map(TerminalInput.key)
        }
        return KeyDecoder.character(UInt32(character)).map(TerminalInput.key)
    }

    private func takeSignal() -> Int32? {
        let signal = dikata_take_signal()
        return signal == 0 ? nil : signal
    }

    /// Leaves curses mode while `body` runs (an editor owns the terminal), then comes back.
    public func suspend(_ body: () -> Void) {
        def_prog_mode()
        endwin()
        body()
        reset_prog_mode()
        invalidate()
    }

    /// Gives the terminal back (idempotent).
    public func close() {
        guard open else { return }
        open = false
        endwin()
    }

    // MARK: - Styles

    private func attributes(_ style: CellStyle) -> attr_t {
        var value = dikata_a_normal()
        if style.bold { value |= dikata_a_bold() }
        if style.dim { value |= dikata_a_dim() }
        if style.underline { value |= dikata_a_underline() }
        if style.reverse { value |= dikata_a_reverse() }
        return value
    }

    private func pair(_ style: CellStyle) -> Int16 {
        guard colour, style.foreground != nil || style.background != nil else { return 0 }
        let key = "\(style.foreground?.rawValue ?? -1):\(style.background?.rawValue ?? -1)"
        if let known = pairs[key] { return known }
        let number = Int16(pairs.count + 1)
        init_pair(number, Int16(style.foreground?.rawValue ?? -1), Int16(style.background?.rawValue ?? -1))
        pairs[key] = number
        return number
    }
}

/// Turns curses key codes into `Key`s. Pure.
public enum KeyDecoder {
    public static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_BACKSPACE: .backspace
        case KEY_ENTER: .enter
        case KEY_BTAB: .tab
        default: nil
        }
    }

    public static func character(_ value: UInt32) -> Key? {
        switch value {
        case 3: return .interrupt
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 0..<32: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}
