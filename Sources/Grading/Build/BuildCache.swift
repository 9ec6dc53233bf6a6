import Foundation

/// Values kept on disk by key (a `BuildStamp`'s key), one file per key in a folder: a grade
/// after an edit reads back everything that did not change. A table of many small entries is
/// one value under one key, loaded into memory once and stored once per grade.
struct BuildCache<Value>: Sendable {
    var folder: URL
    var suffix: String
    private let encode: @Sendable (Value) -> Data?
    private let decode: @Sendable (Data) -> Value?
    /// Whether an entry cut short by a power loss could not be read back (JSON): then it is
    /// written as a ``RecordFile``, without waiting for the disk. Otherwise (text, bytes), an
    /// empty file would read as a value, and the entry is written with Foundation's `fsync`.
    private let unreadableWhenCut: Bool

    init(
        folder: URL, suffix: String, encode: @escaping @Sendable (Value) -> Data?,
        decode: @escaping @Sendable (Data) -> Value?, unreadableWhenCut: Bool = false
    ) {
        self.folder = folder
        self.suffix = suffix
        self.encode = encode
        self.decode = decode
        self.unreadableWhenCut = unreadableWhenCut
    }

    /// Where the value of `key` is kept.
    func file(_ key: String) -> URL { folder.appendingPathComponent(key + suffix) }

    /// The value stored under `key`; nil when there is none or it cannot be read back.
    subscript(key: String) -> Value? {
        FileManager.default.contents(atPath: file(key).path).flatMap(decode)
    }

    /// Stores `value` under `key` (atomically, so a reader never sees half of it).
    func store(_ value: Value, as key: String) {
        guard let data = encode(value) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if unreadableWhenCut {
            RecordFile.replace(file(key), with: data)
        } else {
            try? data.write(to: file(key), options: .atomic)
        }
    }
}

extension BuildCache where Value: Codable & Sendable {
    /// Values as JSON files.
    static func json(_ folder: URL, suffix: String = ".json") -> BuildCache {
        BuildCache(
            folder: folder, suffix: suffix, encode: { try? JSONEncoder().encode($0) },
            decode: { try? JSONDecoder().decode(Value.self, from: $0) }, unreadableWhenCut: true)
    }
}

extension BuildCache where Value == String {
    /// Values as plain UTF-8 text files.
    static func text(_ folder: URL, suffix: String) -> BuildCache {
        BuildCache(
            folder: folder, suffix: suffix, encode: { Data($0.utf8) }, decode: { String(data: $0, encoding: .utf8) })
    }
}

extension BuildCache where Value == Data {
    /// Values stored as they are.
    static func bytes(_ folder: URL, suffix: String) -> BuildCache {
        BuildCache(folder: folder, suffix: suffix, encode: { $0 }, decode: { $0 })
    }
}
