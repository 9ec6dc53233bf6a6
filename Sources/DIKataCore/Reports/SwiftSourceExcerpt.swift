/// Cuts one function out of Swift source text (from its attributes to its closing brace), for
/// showing a hidden test's code in CI reports. Braces in strings and comments are skipped.
public enum SwiftSourceExcerpt {
    public static func function(named name: String, in source: String) -> String? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("func \(name)(") }) else { return nil }
        var first = start
        while first > 0, lines[first - 1].trimmingPrefix(while: { $0 == " " }).hasPrefix("@") { first -= 1 }
        var depth = 0
        var opened = false
        for index in start..<lines.count {
            let code = stripped(lines[index])
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            if code.contains("{") { opened = true }
            if opened && depth <= 0 { return lines[first...index].joined(separator: "\n") }
        }
        return nil
    }

    /// The line without string literals and `//` comments.
    private static func stripped(_ line: String) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if !inString && character == "/" && previous == "/" {
                result.removeLast()
                break
            }
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character != "\"" { result.append(character) }
            previous = character
        }
        return result
    }
}
