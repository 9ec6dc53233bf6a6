extension String {
    /// Whether the UTF-8 bytes of `pattern` occur in this string's, compared byte by byte.
    ///
    /// The safety check asks this of every symbol of an object. Foundation's `contains` and
    /// `range(of:)` make an `NSString` of the text each time, and a debug build runs the standard
    /// library's generic searches unspecialized; this walks the bytes in place. For an ASCII
    /// pattern it answers as a regular expression of the same literal characters would.
    func containsBytes(_ pattern: String) -> Bool {
        var text = self
        var pattern = pattern
        return text.withUTF8 { haystack in
            pattern.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count, let base = haystack.baseAddress,
                    let wanted = needle.baseAddress
                else { return false }
                var start = 0
                let last = haystack.count - needle.count
                while start <= last {
                    if base[start] == first {
                        var matched = 1
                        while matched < needle.count && base[start + matched] == wanted[matched] { matched += 1 }
                        if matched == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
