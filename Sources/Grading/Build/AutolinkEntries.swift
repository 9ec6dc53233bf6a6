import DIKataCore
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
        object.withUnsafeBytes { entries(in: $0) }
    }

    /// The same, reading the bytes in place: a debug build copying and decoding every section
    /// name took 7 ms of each link of a five-target kata (about 1,700 sections).
    private static func entries(in bytes: UnsafeRawBufferPointer) -> [String]? {
        func integer(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - size else { return nil }
            let value: UInt64
            switch size {
            case 2: value = UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
            case 4: value = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            case 8: value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            default: return nil
            }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        // "\u{7F}ELF", 64-bit, little-endian.
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
            bytes[4] == 2, bytes[5] == 1,
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
        let wanted = Array(sectionName.utf8)
        let namesEnd = names.offset + names.size
        // The bytes as a byte buffer once, for DIKataCore's search, not once for every section.
        return bytes.withMemoryRebound(to: UInt8.self) { table in
            wanted.withUnsafeBufferPointer { wanted in
                /// Whether the name at `offset` is the autolink section's; nil when it does not end
                /// inside the table of names.
                func isWanted(at offset: Int) -> Bool? {
                    guard offset < names.size else { return nil }
                    let start = names.offset + offset
                    guard let terminator = table.firstIndex(of: 0, in: start..<namesEnd) else { return nil }
                    return terminator - start == wanted.count && table.matches(wanted, at: start, before: terminator)
                }
                var entries: [String] = []
                for index in 0..<count {
                    guard let header = section(index), let found = isWanted(at: header.name) else { return nil }
                    guard found else { continue }
                    let contents = UnsafeRawBufferPointer(
                        rebasing: bytes[header.offset..<(header.offset + header.size)])
                    for entry in contents.split(separator: 0) {
                        entries.append(String(decoding: entry, as: UTF8.self))
                    }
                }
                return entries
            }
        }
    }
}
