import Foundation

/// Byte searches for the grader's busiest text: the safety check reads every object of every
/// edit before the checks may run, and a cold grade moves every word of the driver's plans from
/// one build folder to another.
///
/// Foundation's `contains` and `range(of:)` make an `NSString` of the text each time, and a debug
/// build runs the standard library's generic searches unspecialized, a byte at a time. These walk
/// the bytes in place with the C library's `memchr` and `memcmp`. For an ASCII pattern they answer
/// as a regular expression of the same literal characters would.
extension UnsafeBufferPointer where Element == UInt8 {
    /// Where `byte` first is in `range` of this buffer, or nil.
    public func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard let base = baseAddress, range.lowerBound >= 0, range.upperBound <= count, !range.isEmpty,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Whether `pattern`'s bytes start at `start` and end by `end`.
    public func matches(_ pattern: UnsafeBufferPointer<UInt8>, at start: Int, before end: Int) -> Bool {
        guard start >= 0, end <= count, end - start >= pattern.count else { return false }
        guard let wanted = pattern.baseAddress, let base = baseAddress else { return pattern.isEmpty }
        return memcmp(base + start, wanted, pattern.count) == 0
    }

    /// Where `pattern` first starts wholly inside `range` of this buffer, or nil. An empty
    /// pattern is found at the range's start.
    public func firstIndex(of pattern: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard let first = pattern.first else { return range.lowerBound }
        var from = range.lowerBound
        while let candidate = firstIndex(of: first, in: from..<range.upperBound) {
            if matches(pattern, at: candidate, before: range.upperBound) { return candidate }
            from = candidate + 1
        }
        return nil
    }
}

extension String {
    /// Whether the UTF-8 bytes of `pattern` occur in this string's, compared byte by byte.
    public func containsBytes(_ pattern: String) -> Bool {
        var text = self
        var pattern = pattern
        return text.withUTF8 { haystack in
            pattern.withUTF8 { needle in haystack.firstIndex(of: needle, in: 0..<haystack.count) != nil }
        }
    }

    /// This string with every occurrence of `target`'s UTF-8 bytes, left to right and not
    /// overlapping, replaced by `replacement`'s. Byte for byte, so a path is replaced exactly as
    /// it is spelled (Foundation's `replacingOccurrences(of:with:)` also matches canonically
    /// equivalent spellings, and bridges every string to `NSString` first). UTF-8 never starts a
    /// character inside another, so a match of whole characters is only ever found at a
    /// character's start. The string itself when nothing matches or `target` is empty.
    public func replacingBytes(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var text = self
        var target = target
        return text.withUTF8 { haystack in
            target.withUTF8 { needle in
                guard var found = haystack.firstIndex(of: needle, in: 0..<haystack.count) else { return self }
                var result: [UInt8] = []
                result.reserveCapacity(haystack.count)
                var start = 0
                while true {
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: haystack[start..<found]))
                    result.append(contentsOf: replacement.utf8)
                    start = found + needle.count
                    guard let next = haystack.firstIndex(of: needle, in: start..<haystack.count) else { break }
                    found = next
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: haystack[start..<haystack.count]))
                return String(decoding: result, as: UTF8.self)
            }
        }
    }
}
