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
        return trusted(jobs, toolchainBin: toolchainBin, inputs: inputs, ownFiles: ownFiles)
    }

    /// `jobs` as a plan when it can be trusted (see above), else nil.
    static func trusted(_ jobs: [[String]], toolchainBin: String, inputs: [String], ownFiles: String) -> DriverPlan? {
        let plan = DriverPlan(jobs: jobs)
        guard !jobs.isEmpty, plan.runsOnlyToolchainPrograms(toolchainBin) else { return nil }
        let all = Set(jobs.joined())
        guard inputs.allSatisfy(all.contains),
            !all.contains(where: { $0.contains("/TemporaryDirectory.") && !$0.hasPrefix(ownFiles + "/") })
        else { return nil }
        return plan
    }

    /// Whether every job starts a program of the toolchain in `toolchainBin`.
    func runsOnlyToolchainPrograms(_ toolchainBin: String) -> Bool {
        jobs.allSatisfy { $0.first.map(Self.isToolchainProgram(toolchainBin)) ?? false }
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

/// A driver plan made in one build folder, kept where every build folder finds it: the same
/// compile of the same kata in another package (each package has a build folder of its own, as
/// every submission of a batch does) starts its frontend without the driver too.
///
/// The build folder's path (and the plan's own folder inside it) are written as placeholders,
/// in the jobs and in the files the driver wrote for them; `instantiated(buildFolder:ownFiles:)` puts the
/// other folder's paths in their place. Build folders are siblings named from letters, digits,
/// `.`, `_` and `-`, so the files the driver wrote stay valid with the other name.
struct RelocatablePlan: Codable, Equatable, Sendable {
    var jobs: [[String]]
    /// The driver's own files, by path relative to the plan's own folder: their contents.
    var files: [String: String]

    /// Placeholders; each starts with `/`, as the paths they stand for, so that its JSON spelling
    /// (`\/@…`) differs from it.
    static let buildToken = "/@DIKATA-BUILD-FOLDER@"
    static let ownFilesToken = "/@DIKATA-PLAN-FILES@"

    /// `plan`, made in `buildFolder` with its own files in `ownFiles`, with both as placeholders:
    /// nil when the folder's name is still in it afterwards (a spelling of its path this does not
    /// know), since the plan would then compile into the wrong folder elsewhere. The driver's
    /// files are JSON, which may write `/` as `\/`: both spellings are replaced.
    static func relocating(_ plan: DriverPlan, buildFolder: String, ownFiles: String, files: [String: String])
        -> RelocatablePlan?
    {
        func relocated(_ text: String) -> String {
            var text = text
            for (path, token) in [(ownFiles, ownFilesToken), (buildFolder, buildToken)] {
                text = text.replacingOccurrences(of: path, with: token)
                    .replacingOccurrences(of: escaped(path), with: escaped(token))
            }
            return text
        }
        let relocatable = RelocatablePlan(jobs: plan.jobs.map { $0.map(relocated) }, files: files.mapValues(relocated))
        let name = URL(fileURLWithPath: buildFolder).lastPathComponent
        let everything = relocatable.jobs.joined() + Array(relocatable.files.keys) + Array(relocatable.files.values)
        return everything.contains { $0.contains(name) } ? nil : relocatable
    }

    /// The plan and its own files for `buildFolder`, with its own files in `ownFiles`.
    func instantiated(buildFolder: String, ownFiles: String) -> (plan: DriverPlan, files: [String: String]) {
        func placed(_ text: String) -> String {
            var text = text
            for (token, path) in [(Self.ownFilesToken, ownFiles), (Self.buildToken, buildFolder)] {
                text = text.replacingOccurrences(of: Self.escaped(token), with: Self.escaped(path))
                    .replacingOccurrences(of: token, with: path)
            }
            return text
        }
        return (DriverPlan(jobs: jobs.map { $0.map(placed) }), files.mapValues(placed))
    }

    /// A path as JSON may write it, every `/` as `\/`.
    private static func escaped(_ path: String) -> String { path.replacingOccurrences(of: "/", with: "\\/") }

    /// Whether a build folder's name keeps the driver's files valid when it replaces another's.
    static func isPlainName(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        return !name.isEmpty && name.allSatisfy(allowed.contains)
    }
}
