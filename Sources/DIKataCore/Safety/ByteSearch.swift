import Foundation

/// Byte searches for the safety check, which reads every object of every edit before the checks
/// may run.
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
    func containsBytes(_ pattern: String) -> Bool {
        var text = self
        var pattern = pattern
        return text.withUTF8 { haystack in
            pattern.withUTF8 { needle in haystack.firstIndex(of: needle, in: 0..<haystack.count) != nil }
        }
    }
}
