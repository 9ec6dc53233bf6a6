import DIKataCore

/// `llvm-objdump -h -t` output for one or more objects, read as bytes.
///
/// Every field of the listing is ASCII and a symbol's name is the bytes after its fields, so
/// nothing here splits graphemes, bridges to Foundation or calls the standard library's generic
/// algorithms, each of which a debug build runs slowly on every line: the safety check reads
/// the object of every edit before the checks may run, and an object has hundreds of lines.
struct ObjdumpListing {
    private let bytes: UnsafeBufferPointer<UInt8>

    /// Contents by object path (see ``SymbolReader/parse(_:)``).
    static func contents(of text: String) -> [String: ObjectContents] {
        var text = text
        return text.withUTF8 { ObjdumpListing(bytes: $0).contents() }
    }

    private func contents() -> [String: ObjectContents] {
        var result: [String: ObjectContents] = [:]
        var object: String?
        var contents = ObjectContents(symbols: [], sections: [])
        var part = Part.none
        var start = 0
        while start < bytes.count {
            let end = first(ASCII.newline, from: start, to: bytes.count) ?? bytes.count
            defer { start = end + 1 }
            if let header = objectHeader(start, end) {
                if let object { result[object] = contents }
                object = header
                contents = ObjectContents(symbols: [], sections: [])
                part = .none
                continue
            }
            guard object != nil else { continue }
            if hasPrefix("Sections:", at: start, end) {
                part = .sections
            } else if hasPrefix("SYMBOL TABLE:", at: start, end) {
                part = .symbols
            } else if part == .sections, let section = section(start, end) {
                contents.sections.append(section)
            } else if part == .symbols, let symbol = symbol(start, end) {
                contents.symbols.append(symbol)
            }
        }
        if let object { result[object] = contents }
        return result
    }

    private enum Part { case none, sections, symbols }

    private enum ASCII {
        static let newline = UInt8(ascii: "\n")
        static let tab = UInt8(ascii: "\t")
        static let space = UInt8(ascii: " ")
    }

    /// The object a `<path>:\tfile format …` line (or `:     file format …`) starts.
    private func objectHeader(_ start: Int, _ end: Int) -> String? {
        for marker: StaticString in [":\tfile format ", ":     file format "] {
            if let at = find(marker, from: start, to: end) { return text(start, at) }
        }
        return nil
    }

    /// ` 12 .name   size …`: the name after a section's index.
    private func section(_ start: Int, _ end: Int) -> String? {
        var at = skipping(ASCII.space, from: start, to: end)
        let digits = at
        while at < end && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") { at += 1 }
        guard at > digits, at < end, bytes[at] == ASCII.space else { return nil }
        at = skipping(ASCII.space, from: at, to: end)
        let name = at
        while at < end && bytes[at] != ASCII.space { at += 1 }
        return at > name ? text(name, at) : nil
    }

    /// `VALUE FLAGS SECTION\tSIZE [.hidden] NAME`: flags are seven columns from the 18th
    /// (`l`/`g` local or global, `w` weak, `d` debugging, `f` file, …), the section from the
    /// 26th; undefined symbols have the section `*UND*`. Debugging and file symbols are left out.
    private func symbol(_ start: Int, _ end: Int) -> ObjectSymbol? {
        guard let tab = first(ASCII.tab, from: start, to: end), tab - start > 25 else { return nil }
        let flags = (start + 17)..<(start + 24)
        if flags.contains(where: { bytes[$0] == UInt8(ascii: "f") || bytes[$0] == UInt8(ascii: "d") }) { return nil }
        let global = flags.prefix(2).contains { bytes[$0] == UInt8(ascii: "g") || bytes[$0] == UInt8(ascii: "w") }
        var sectionStart = start + 25
        var sectionEnd = tab
        while sectionStart < sectionEnd && isBlank(bytes[sectionStart]) { sectionStart += 1 }
        while sectionEnd > sectionStart && isBlank(bytes[sectionEnd - 1]) { sectionEnd -= 1 }
        // The size, then one space, then the name.
        var at = tab + 1
        while at < end && bytes[at] != ASCII.space { at += 1 }
        at += 1
        var hidden = false
        for (visibility, hides) in [(".hidden " as StaticString, true), (".internal ", true), (".protected ", false)]
        where hasPrefix(visibility, at: at, end) {
            hidden = hides
            at += visibility.utf8CodeUnitCount
        }
        guard at < end else { return nil }
        let name = text(at, end)
        let section = text(sectionStart, sectionEnd)
        guard section != "*UND*" else { return ObjectSymbol(name: name, isDefined: false) }
        return ObjectSymbol(name: name, isDefined: true, isExported: global && !hidden, section: section)
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == ASCII.space || byte == ASCII.tab }

    private func skipping(_ byte: UInt8, from start: Int, to end: Int) -> Int {
        var at = start
        while at < end && bytes[at] == byte { at += 1 }
        return at
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private func hasPrefix(_ prefix: StaticString, at start: Int, _ end: Int) -> Bool {
        prefix.withUTF8Buffer { bytes.matches($0, at: start, before: end) }
    }

    /// Where `marker` first starts between `start` and `end`.
    private func find(_ marker: StaticString, from start: Int, to end: Int) -> Int? {
        marker.withUTF8Buffer { bytes.firstIndex(of: $0, in: start..<max(start, end)) }
    }

    private func first(_ byte: UInt8, from start: Int, to end: Int) -> Int? {
        bytes.firstIndex(of: byte, in: start..<max(start, end))
    }
}
