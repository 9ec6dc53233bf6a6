import Foundation

/// The commands `swiftc` runs for one argument list (what `swiftc -###` prints), remembered so
/// that the next compile with the same arguments starts the frontend or the linker directly.
///
/// The driver is a program of its own: about 60 ms of start-up before it starts the frontend,
/// on every target of every grade. A plan holds exactly the commands the driver printed, so
/// running it does what the driver would have done. A plan is only made when it can be trusted:
/// every job is a toolchain program, every input file appears in it verbatim, and the only
/// temporary files it refers to are the ones the driver wrote into the plan's own folder.
/// Anything else keeps using the driver.
struct DriverPlan: Codable, Equatable, Sendable {
    var jobs: [[String]]

    /// Reads `swiftc -###` output: one job per line, words quoted as a POSIX shell quotes them.
    /// `ownFiles` is the folder the driver was told to write its temporary files in (its TMPDIR):
    /// the plan may use what is there, never a temporary file anywhere else.
    static func parse(_ output: String, toolchainBin: String, inputs: [String], ownFiles: String) -> DriverPlan? {
        var jobs: [[String]] = []
        for line in output.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            guard let words = words(of: String(line)), let program = words.first,
                isToolchainProgram(toolchainBin)(program)
            else { return nil }
            jobs.append(words)
        }
        guard !jobs.isEmpty else { return nil }
        let all = Set(jobs.joined())
        guard inputs.allSatisfy(all.contains),
            !all.contains(where: { $0.contains("/TemporaryDirectory.") && !$0.hasPrefix(ownFiles + "/") })
        else { return nil }
        return DriverPlan(jobs: jobs)
    }

    /// Whether `program` is a program directly in the toolchain's `bin` folder. Checked again
    /// when a remembered plan is read, so a plan file can never start anything else.
    static func isToolchainProgram(_ toolchainBin: String) -> @Sendable (String) -> Bool {
        { program in
            program.hasPrefix(toolchainBin + "/") && !program.dropFirst(toolchainBin.count + 1).contains("/")
        }
    }

    /// Splits one line as `sh` would: single quotes, double quotes (with `\` before `"`, `\`, `$`
    /// and a backtick) and backslash escapes. nil for anything unbalanced or that a shell would
    /// expand (`$`, a backtick or a glob outside quotes): such a line is never trusted.
    static func words(of line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let quoted = characters.next() {
                    if quoted == "'" {
                        closed = true
                        break
                    }
                    current.append(quoted)
                }
                guard closed else { return nil }
            case "\"":
                inWord = true
                var closed = false
                while let quoted = characters.next() {
                    if quoted == "\"" {
                        closed = true
                        break
                    }
                    if quoted == "$" || quoted == "`" { return nil }
                    if quoted == "\\" {
                        guard let escaped = characters.next() else { return nil }
                        if !"\"\\$`".contains(escaped) { current.append("\\") }
                        current.append(escaped)
                    } else {
                        current.append(quoted)
                    }
                }
                guard closed else { return nil }
            case "\\":
                guard let escaped = characters.next() else { return nil }
                inWord = true
                current.append(escaped)
            case "$", "`", "*", "?", "[", "~", ";", "&", "|", "<", ">", "(", ")":
                return nil
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
