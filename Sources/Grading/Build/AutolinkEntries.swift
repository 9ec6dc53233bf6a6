import Foundation

/// What `swift-autolink-extract` does before every link on Linux, done in-process: the linker
/// flags (`-lswiftCore`, `-lFoundation`, …) Swift objects record in their
/// `.swift1_autolink_entries` section, each once, in the order first seen.
///
/// Starting the tool costs about 20 ms of a link's 70. Reading a section needs only the ELF
/// section headers. Anything this reader does not expect (not a 64-bit little-endian ELF
/// object, an extended section count, a section out of bounds) gives nil, and the grade runs
/// the toolchain's own tool instead: it never guesses.
enum AutolinkEntries {
    static let sectionName = ".swift1_autolink_entries"

    /// The flags of `objects`, in order and without repeats, or nil when one cannot be read here.
    static func extract(from objects: [Data]) -> [String]? {
        var flags: [String] = []
        var seen: Set<String> = []
        for object in objects {
            guard let entries = entries(in: object) else { return nil }
            for entry in entries where seen.insert(entry).inserted { flags.append(entry) }
        }
        return flags
    }

    /// The `swift-autolink-extract` output file for `flags`: one per line.
    static func fileContents(_ flags: [String]) -> Data {
        Data(flags.map { $0 + "\n" }.joined().utf8)
    }

    /// The entries of one object (none when it has no such section), or nil when it cannot be read.
    static func entries(in object: Data) -> [String]? {
        let bytes = [UInt8](object)
        func integer(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        // "\u{7F}ELF", 64-bit, little-endian.
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2, bytes[5] == 1,
            let headers = integer(at: 0x28, size: 8), let headerSize = integer(at: 0x3A, size: 2),
            let count = integer(at: 0x3C, size: 2), let namesIndex = integer(at: 0x3E, size: 2),
            headerSize >= 64, count > 0, namesIndex < count, headers <= bytes.count,
            count <= (bytes.count - headers) / headerSize
        else { return nil }
        func section(_ index: Int) -> (name: Int, offset: Int, size: Int)? {
            let base = headers + index * headerSize
            guard let name = integer(at: base, size: 4), let offset = integer(at: base + 24, size: 8),
                let size = integer(at: base + 32, size: 8), offset <= bytes.count, size <= bytes.count - offset
            else { return nil }
            return (name, offset, size)
        }
        guard let names = section(namesIndex) else { return nil }
        func name(at offset: Int) -> String? {
            guard offset < names.size else { return nil }
            let start = names.offset + offset
            guard let end = bytes[start..<(names.offset + names.size)].firstIndex(of: 0) else { return nil }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        var entries: [String] = []
        for index in 0..<count {
            guard let header = section(index), let sectionName = name(at: header.name) else { return nil }
            guard sectionName == Self.sectionName else { continue }
            let contents = bytes[header.offset..<(header.offset + header.size)]
            for entry in contents.split(separator: 0) {
                entries.append(String(decoding: entry, as: UTF8.self))
            }
        }
        return entries
    }
}
