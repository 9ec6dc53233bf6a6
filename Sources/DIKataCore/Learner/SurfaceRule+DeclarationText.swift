import Foundation

/// Reading the declarations and symbols the compiler prints, as text: what a surface rule
/// looks for in them.
extension SurfaceRule {
    /// The parameters of `init(a: A, b: B = x)` as printed by the compiler: the type text after
    /// the first top-level `:`, and whether a top-level `=` gives a default.
    static func parameters(of text: String) -> [(type: String, hasDefault: Bool)] {
        guard let open = text.firstIndex(of: "(") else { return [] }
        var segments: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in text[text.index(after: open)...] {
            defer { previous = character }
            switch character {
            case "(", "[", "{", "<": depth += 1
            case ">" where previous == "-": break
            case ")", "]", "}", ">":
                if depth == 0 {
                    segments.append(current)
                    return segments.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(Self.parameter)
                }
                depth -= 1
            case "," where depth == 0:
                segments.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        return []
    }

    private static func parameter(_ segment: String) -> (type: String, hasDefault: Bool) {
        var depth = 0
        var previous: Character = " "
        var colon: String.Index?
        for index in segment.indices {
            let character = segment[index]
            defer { previous = character }
            switch character {
            case "(", "[", "{", "<": depth += 1
            case ">" where previous == "-": break
            case ")", "]", "}", ">": depth -= 1
            case ":" where depth == 0 && colon == nil: colon = index
            case "=" where depth == 0:
                if let colon { return (String(segment[segment.index(after: colon)..<index]), true) }
            default: break
            }
        }
        return (colon.map { String(segment[segment.index(after: $0)...]) } ?? segment, false)
    }

    /// `Dependency?`, `Dependency!` or `Optional<Dependency>` in a declaration's type.
    static func isOptional(_ dependency: String, in text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let type = text[text.index(after: colon)...].replacingOccurrences(of: " ", with: "")
        return type.contains(dependency + "?") || type.contains(dependency + "!")
            || type.contains("Optional<" + dependency)
            || type.contains("(any" + dependency + ")?") || type.contains("(any" + dependency + ")!")
    }

    /// `name` as a whole word of `text`.
    static func mentions(_ name: String, in text: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: name, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
            let isWordCharacter = { (c: Character) in c.isLetter || c.isNumber || c == "_" }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            searchStart = range.upperBound
        }
        return false
    }

    /// Whether a demangled symbol names the standard library's `TaskLocal` (the demangler
    /// prints its module as `Swift`; older toolchains as `_Concurrency`).
    static func mentionsTaskLocal(_ symbol: String) -> Bool {
        symbol.contains("Swift.TaskLocal<") || symbol.contains("_Concurrency.TaskLocal<")
            || symbol.contains("Swift.TaskLocal.") || symbol.contains("_Concurrency.TaskLocal.")
    }

    /// `x` for a demangled `static Module.Type.$x : Swift.TaskLocal<…>` (a wrapper's storage).
    static func wrappedPropertyName(in symbol: String) -> String? {
        guard let colon = symbol.range(of: " : Swift.TaskLocal<") ?? symbol.range(of: " : _Concurrency.TaskLocal<")
        else { return nil }
        let declared = symbol[..<colon.lowerBound]
        guard let dot = declared.lastIndex(of: ".") else { return nil }
        var name = declared[declared.index(after: dot)...]
        while name.first == "$" || name.first == "_" { name = name.dropFirst() }
        return name.isEmpty ? nil : String(name)
    }
}
