import TerminalUI

/// Decodes what follows an Esc byte: the complete CSI (`ESC [ … final`) and SS3 (`ESC O x`)
/// sequences of xterm, VT220 and tmux, with or without modifiers (`ESC[1;5C`). Unknown
/// sequences are ignored and a partial one is never acted on; only an Esc with nothing after
/// it is the Esc key. Pure: the bytes come from a function the terminal passes in.
public enum EscapeSequence {
    /// What the bytes after Esc amount to so far.
    public enum Decoding: Equatable, Sendable {
        case key(Key)
        /// A complete sequence dikata has no use for (F-keys, Insert, Delete, focus events, Alt+x).
        case ignored
        /// More bytes are needed.
        case incomplete
        /// The Esc key, and the last byte (another Esc) starts something new.
        case escapeThenAgain
    }

    /// Longer than any sequence a terminal sends for a key: a runaway is dropped.
    static let maximumLength = 32

    /// Reads the rest of a sequence after an Esc byte. `next` returns the next byte, or nil
    /// when none came within `timeout` milliseconds; `pushBack` returns a byte to the input
    /// (an Esc pressed right after an Esc). Nil: nothing to act on.
    public static func read(
        timeout: Int32, next: (_ timeout: Int32) -> UInt32?, pushBack: (UInt32) -> Void
    ) -> Key? {
        var bytes: [UInt32] = []
        while let byte = next(timeout) {
            bytes.append(byte)
            switch decode(bytes) {
            case .key(let key): return key
            case .ignored: return nil
            case .incomplete: continue
            case .escapeThenAgain:
                pushBack(byte)
                return .escape
            }
        }
        return bytes.isEmpty ? .escape : nil
    }

    /// Decodes the bytes that followed Esc.
    public static func decode(_ bytes: [UInt32]) -> Decoding {
        guard let first = bytes.first else { return .incomplete }
        guard bytes.count <= maximumLength else { return .ignored }
        switch first {
        case 0x5B: return controlSequence(Array(bytes.dropFirst()))  // [
        case 0x4F:  // O
            guard bytes.count >= 2 else { return .incomplete }
            return ss3[bytes[1]].map(Decoding.key) ?? .ignored
        case 0x1B: return .escapeThenAgain  // Esc, Esc
        default: return .ignored  // Alt+key
        }
    }

    // MARK: - Tables

    /// Final bytes of CSI and SS3 sequences that name a key, whatever their modifiers.
    static let finals: [UInt32: Key] = [
        0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end, 0x5A: .tab,
    ]

    static let ss3: [UInt32: Key] = finals.merging([0x4D: .enter]) { key, _ in key }

    /// `ESC [ n ~` keys by n (VT220 and rxvt numbering).
    static let tilde: [Int: Key] = [1: .home, 7: .home, 4: .end, 8: .end, 5: .pageUp, 6: .pageDown]

    /// A CSI sequence: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte
    /// 0x40–0x7E. The X10 mouse report (`ESC [ M` and three bytes) is the one exception.
    static func controlSequence(_ body: [UInt32]) -> Decoding {
        if body.first == 0x4D { return body.count >= 4 ? .ignored : .incomplete }
        for (index, byte) in body.enumerated() {
            switch byte {
            case 0x20...0x3F: continue
            case 0x40...0x7E:
                let parameters = String(decoding: body[..<index].map { UInt8($0) }, as: UTF8.self)
                return key(final: byte, parameters: parameters)
            default: return .ignored
            }
        }
        return .incomplete
    }

    static func key(final: UInt32, parameters: String) -> Decoding {
        if parameters.hasPrefix("<") {  // SGR mouse: ESC [ < button ; x ; y M
            let button = parameters.dropFirst().split(separator: ";").first.flatMap { Int($0) }
            guard final == 0x4D, let button else { return .ignored }
            switch button & ~0b11100 {  // without Shift, Alt, Ctrl
            case 64: return .key(.wheelUp)
            case 65: return .key(.wheelDown)
            default: return .ignored
            }
        }
        guard parameters.allSatisfy({ $0.isNumber || $0 == ";" }) else { return .ignored }
        if final == 0x7E {
            let number = parameters.split(separator: ";").first.flatMap { Int($0) }
            return number.flatMap { tilde[$0] }.map(Decoding.key) ?? .ignored
        }
        return finals[final].map(Decoding.key) ?? .ignored
    }
}
