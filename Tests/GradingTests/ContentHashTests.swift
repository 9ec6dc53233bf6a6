import Foundation
import Testing

@testable import Grading

@Suite("Content hashes: one value for the same bytes, whichever way they are read")
struct ContentHashTests {
    @Test("Data read from memory hashes as the same bytes read one by one")
    func dataMatchesBytes() {
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var fromData = ContentHash()
        fromData.add(Data(bytes))
        var fromBytes = ContentHash()
        fromBytes.add(bytes)
        #expect(fromData.hex == fromBytes.hex)
        var empty = ContentHash()
        empty.add(Data())
        var emptyBytes = ContentHash()
        emptyBytes.add([UInt8]())
        #expect(empty.hex == emptyBytes.hex)
    }

    @Test("where one input ends counts: \"ab\"+\"c\" is not \"a\"+\"bc\", and one changed byte changes the hash")
    func boundariesAndBytesCount() {
        var first = ContentHash()
        first.add(Data("ab".utf8))
        first.add(Data("c".utf8))
        var second = ContentHash()
        second.add(Data("a".utf8))
        second.add(Data("bc".utf8))
        #expect(first.hex != second.hex)
        #expect(ContentHash.of("kata") != ContentHash.of("katb"))
    }

    @Test("the key is the whole SHA-256 digest in lowercase hex")
    func theKeyIsTheWholeDigestInHex() {
        // Nothing added: SHA-256 of no bytes.
        #expect(ContentHash().hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        // One empty input is its length, eight zero bytes (little-endian): SHA-256 of those.
        var empty = ContentHash()
        empty.add(Data())
        #expect(empty.hex == "af5570f5a1810b7af78caf4bc70a660f0df51e42baf91d4de5b2328de0e83dfc")
    }
}
