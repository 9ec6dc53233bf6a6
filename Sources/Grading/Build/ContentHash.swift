import Crypto
import Foundation

/// A SHA-256 content hash for build-cache keys, each input followed by its length (so
/// ["ab","c"] and ["a","bc"] differ). Cryptographic because some keys vouch for safety: the
/// symbols read from an object and the safety check's decision about it are reused for any
/// object with the same key, so a learner must not be able to make a new object hash like one
/// that was judged before. It is also fast in a debug build (swift-crypto's BoringSSL is
/// compiled optimized): hashing the check runner's objects before a link takes under 1 ms.
///
/// `@unchecked Sendable`: swift-crypto's `SHA256` is a copy-on-write value (its state is copied
/// before a shared copy is updated, as an Array's storage is) that is not marked Sendable.
struct ContentHash: @unchecked Sendable {
    private var hasher = SHA256()

    mutating func add(_ bytes: some Sequence<UInt8>) {
        add(Data(bytes))
    }

    mutating func add(_ data: Data) {
        hasher.update(data: data)
        finish(count: UInt64(data.count))
    }

    private mutating func finish(count: UInt64) {
        withUnsafeBytes(of: count.littleEndian) { hasher.update(bufferPointer: $0) }
    }

    mutating func add(_ string: String) { add(Data(string.utf8)) }

    mutating func add(file url: URL) {
        add(url.lastPathComponent)
        add(FileManager.default.contents(atPath: url.path) ?? Data())
    }

    /// The whole digest, in hex (a shorter key would make a collision cheaper to search for).
    var hex: String { Self.hex(hasher.finalize()) }

    /// `bytes` as lowercase hex, two digits each.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        // Not String(format:): that took milliseconds of every grade in a debug build.
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func of(_ string: String) -> String {
        var hash = ContentHash()
        hash.add(string)
        return hash.hex
    }
}
