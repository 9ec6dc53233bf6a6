import CursesShell
import TerminalUI
import Testing

/// Escape sequences: complete ones decode, unknown ones are ignored, partial ones never act,
/// and only an Esc with nothing after it is the Esc key.
struct EscapeSequenceTests {
    /// The bytes after Esc, as text.
    static func bytes(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test(arguments: [
        ("[A", Key.up), ("[B", .down), ("[C", .right), ("[D", .left), ("[H", .home), ("[F", .end),
        ("OA", .up), ("OH", .home), ("OF", .end), ("OM", .enter), ("[1~", .home), ("[7~", .home),
        ("[4~", .end), ("[8~", .end), ("[5~", .pageUp), ("[6~", .pageDown), ("[1;5C", .right), ("[1;2D", .left),
        ("[1;3H", .home), ("[5;5~", .pageUp), ("[Z", .tab), ("[<64;10;5M", .wheelUp), ("[<65;1;1M", .wheelDown),
    ])
    func aCompleteSequenceIsItsKey(_ sequence: String, _ key: Key) {
        #expect(EscapeSequence.decode(Self.bytes(sequence)) == .key(key))
    }

    @Test(arguments: ["[2~", "[3~", "[15~", "[24;2~", "OP", "[I", "[O", "[?1;2c", "[M !!", "[<0;3;4M", "x", "[\u{7}"])
    func anUnknownSequenceIsIgnored(_ sequence: String) {
        #expect(EscapeSequence.decode(Self.bytes(sequence)) == .ignored)
    }

    @Test(arguments: ["", "[", "[1", "[1;", "[1;5", "O", "[<64;10", "[M"])
    func aPartialSequenceWaitsForMore(_ sequence: String) {
        #expect(EscapeSequence.decode(Self.bytes(sequence)) == .incomplete)
    }

    /// Plays `bytes` to the reader, then times out; records the timeouts asked for and takes
    /// pushed-back bytes back to the front.
    final class Input {
        var bytes: [UInt32]
        var timeouts: [Int32] = []
        init(_ text: String) { bytes = EscapeSequenceTests.bytes(text) }
        func next(_ timeout: Int32) -> UInt32? {
            timeouts.append(timeout)
            return bytes.isEmpty ? nil : bytes.removeFirst()
        }
        func pushBack(_ byte: UInt32) { bytes.insert(byte, at: 0) }
    }

    func read(_ input: Input) -> Key? {
        EscapeSequence.read(timeout: 40, next: input.next, pushBack: input.pushBack)
    }

    @Test func escPressedTwiceIsTwoEscs() {
        #expect(EscapeSequence.decode(Self.bytes("\u{1B}")) == .escapeThenAgain)
        let twice = Input("\u{1B}")
        #expect(read(twice) == .escape)
        #expect(twice.bytes == [0x1B], "the second Esc is read again")
    }

    @Test func onlyALoneEscIsEscape() {
        let lone = Input("")
        #expect(read(lone) == .escape)
        #expect(lone.timeouts == [40])
        let home = Input("[1~q")
        #expect(read(home) == .home)
        #expect(home.bytes == Self.bytes("q"), "the byte after the sequence is left for the next read")
    }

    @Test func aCutOffSequenceAndAnUnknownOneDoNothing() {
        #expect(read(Input("[1;5")) == nil)
        let unknown = Input("[15~j")
        #expect(read(unknown) == nil)
        #expect(unknown.bytes == Self.bytes("j"))
    }

    @Test func aRunawaySequenceIsDropped() {
        let runaway = Input("[" + String(repeating: "1", count: 40))
        #expect(read(runaway) == nil)
        #expect(runaway.bytes.count < 10)
    }
}
