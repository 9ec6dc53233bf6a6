import Foundation

/// A 128-bit content hash (two FNV-1a lanes) for build-cache keys. Not cryptographic: it only
/// has to tell "unchanged" from "changed" for files the learner edits.
struct ContentHash {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ bytes: some Sequence<UInt8>) {
        var count: UInt64 = 0
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
            count += 1
        }
        finish(count: count)
    }

    /// The same hash as the generic `add`, read straight from memory: object files run to
    /// megabytes, and a byte iterator over `Data` is slow in a debug build.
    mutating func add(_ data: Data) {
        var (a, b) = (self.a, self.b)
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var pointer = base
            let end = base + buffer.count
            while pointer < end {
                let byte = UInt64(pointer.pointee)
                a = (a ^ byte) &* 0x0000_0100_0000_01b3
                b = (b ^ byte) &* 0x0000_0100_0000_01b3 &+ 0x9e37_79b9
                pointer += 1
            }
        }
        (self.a, self.b) = (a, b)
        finish(count: UInt64(data.count))
    }

    /// Length-prefix style separator so ["ab","c"] and ["a","bc"] differ.
    private mutating func finish(count: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            a = (a ^ ((count >> UInt64(shift)) & 0xff)) &* 0x0000_0100_0000_01b3
        }
        b = b &+ count
    }

    mutating func add(_ string: String) { add(string.utf8) }

    mutating func add(file url: URL) {
        add(url.lastPathComponent)
        add(FileManager.default.contents(atPath: url.path) ?? Data())
    }

    var hex: String { String(format: "%016llx%016llx", a, b) }

    static func of(_ string: String) -> String {
        var hash = ContentHash()
        hash.add(string)
        return hash.hex
    }
}
