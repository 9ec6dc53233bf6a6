/// Text from the network made safe for a terminal. A participant chooses their name and their
/// check ids; printed raw, an escape sequence in them would drive the facilitator's terminal
/// (move the cursor, retitle the window, rewrite what is shown) and a bidi override would
/// reorder what is read. `inert` replaces every such character with U+FFFD.
public enum TerminalText {
    /// C0 and C1 controls, DEL, and the bidirectional formatting characters.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// True when `text` has no control, DEL or bidi formatting character.
    public static func isPrintable(_ text: String) -> Bool { !text.unicodeScalars.contains(where: isControl) }

    /// `text` with every control, DEL and bidi formatting character replaced by U+FFFD.
    public static func inert(_ text: String) -> String {
        guard !isPrintable(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
        return String(scalars)
    }
}

extension Dashboard {
    /// The dashboard with every text that came from a participant or the network made inert,
    /// for printing to a terminal.
    public func inert() -> Dashboard {
        var copy = self
        copy.katas = katas.map(TerminalText.inert)
        copy.participants = participants.map { participant in
            var row = participant
            row.name = TerminalText.inert(participant.name)
            row.cells = Dictionary(
                participant.cells.map { kata, cell in
                    var cell = cell
                    cell.stuckOn = cell.stuckOn.map(TerminalText.inert)
                    if var verification = cell.verification {
                        verification.resultId = TerminalText.inert(verification.resultId)
                        verification.detail = verification.detail.map(TerminalText.inert)
                        cell.verification = verification
                    }
                    return (TerminalText.inert(kata), cell)
                }, uniquingKeysWith: { first, _ in first })
            return row
        }
        copy.heat = heat.map { heat in
            var heat = heat
            heat.kata = TerminalText.inert(heat.kata)
            heat.check = TerminalText.inert(heat.check)
            return heat
        }
        copy.room = room.inert()
        return copy
    }
}

extension RoomState {
    /// The room with its message and kata ids made inert, for printing to a terminal.
    public func inert() -> RoomState {
        var copy = self
        copy.katas = katas.map(TerminalText.inert)
        copy.unlocked = unlocked.map(TerminalText.inert)
        copy.message = message.map(TerminalText.inert)
        return copy
    }
}
