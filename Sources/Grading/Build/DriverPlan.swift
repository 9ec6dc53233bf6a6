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
            !all.contains(where: { $0.containsBytes("/TemporaryDirectory.") && !$0.hasPrefix(ownFiles + "/") })
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
    ///
    /// Read as bytes, as the shell reads it: every character with a meaning here is ASCII, and
    /// any other byte is part of a word. (A debug build walking the line's characters split
    /// graphemes on every byte of a job's kilobytes of arguments.)
    static func words(of line: String) -> [String]? {
        var line = line
        return line.withUTF8 { ShellWords(bytes: $0).split() }
    }
}

/// The words of one line of `sh` (see ``DriverPlan/words(of:)``).
private struct ShellWords {
    let bytes: UnsafeBufferPointer<UInt8>

    /// What a byte outside quotes does. Looked up in a table: a debug build compares slowly, and
    /// a job's line is kilobytes long, almost all of it plain.
    private enum Kind {
        case plain, separator, single, double, backslash
        /// Expanded or interpreted by a shell.
        case refused
    }

    private static let kinds: [Kind] = (0...255).map { (value: Int) -> Kind in
        switch UnicodeScalar(UInt8(value)) {
        case " ", "\t": .separator
        case "'": .single
        case "\"": .double
        case "\\": .backslash
        case "$", "`", "*", "?", "[", "~", ";", "&", "|", "<", ">", "(", ")": .refused
        default: .plain
        }
    }

    private enum Byte {
        static let single = UInt8(ascii: "'")
        static let double = UInt8(ascii: "\"")
        static let backslash = UInt8(ascii: "\\")
        static let dollar = UInt8(ascii: "$")
        static let backtick = UInt8(ascii: "`")
    }

    func split() -> [String]? {
        let kinds = Self.kinds
        var words: [String] = []
        var current: [UInt8] = []
        var inWord = false
        var at = 0
        while at < bytes.count {
            let start = at
            at += 1
            switch kinds[Int(bytes[start])] {
            case .separator:
                if inWord { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
                inWord = false
            case .single:
                inWord = true
                guard let close = bytes.firstIndex(of: Byte.single, in: at..<bytes.count) else { return nil }
                current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at..<close]))
                at = close + 1
            case .double:
                inWord = true
                guard let end = doubleQuoted(from: at, into: &current) else { return nil }
                at = end
            case .backslash:
                guard at < bytes.count else { return nil }
                inWord = true
                current.append(bytes[at])
                at += 1
            case .refused:
                return nil
            case .plain:
                inWord = true
                while at < bytes.count && kinds[Int(bytes[at])] == .plain { at += 1 }
                current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<at]))
            }
        }
        if inWord { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// The rest of a double-quoted string from `start` (just after its opening quote) appended
    /// to `word`: a backslash escapes `"`, `\`, `$` and a backtick, and stays before anything
    /// else. Where the string ends (after its closing quote), or nil when it does not, or when it
    /// would expand something.
    private func doubleQuoted(from start: Int, into word: inout [UInt8]) -> Int? {
        var at = start
        while at < bytes.count {
            let quoted = bytes[at]
            at += 1
            switch quoted {
            case Byte.double: return at
            case Byte.dollar, Byte.backtick: return nil
            case Byte.backslash:
                guard at < bytes.count else { return nil }
                let escaped = bytes[at]
                at += 1
                switch escaped {
                case Byte.double, Byte.backslash, Byte.dollar, Byte.backtick: break
                default: word.append(Byte.backslash)
                }
                word.append(escaped)
            default: word.append(quoted)
            }
        }
        return nil
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
        let name = URL(fileURLWithPath: buildFolder).lastPathComponent
        let ownName = URL(fileURLWithPath: ownFiles).lastPathComponent
        let replacements = spellings([(ownFiles, ownFilesToken), (buildFolder, buildToken)])
        func relocated(_ text: String) -> String {
            // Each path, in both spellings, holds its last part (which has no `/`).
            guard text.containsBytes(name) || text.containsBytes(ownName) else { return text }
            return replacements.reduce(text) { $0.replacingBytes($1.0, with: $1.1) }
        }
        let relocatable = RelocatablePlan(jobs: plan.jobs.map { $0.map(relocated) }, files: files.mapValues(relocated))
        let everything = relocatable.jobs.joined() + Array(relocatable.files.keys) + Array(relocatable.files.values)
        return everything.contains { $0.containsBytes(name) } ? nil : relocatable
    }

    /// The plan and its own files for `buildFolder`, with its own files in `ownFiles`.
    func instantiated(buildFolder: String, ownFiles: String) -> (plan: DriverPlan, files: [String: String]) {
        let replacements = Self.spellings(
            [(Self.ownFilesToken, ownFiles), (Self.buildToken, buildFolder)], escapedFirst: true)
        func placed(_ text: String) -> String {
            // Both placeholders and both their spellings hold this.
            guard text.containsBytes("@DIKATA-") else { return text }
            return replacements.reduce(text) { $0.replacingBytes($1.0, with: $1.1) }
        }
        return (DriverPlan(jobs: jobs.map { $0.map(placed) }), files.mapValues(placed))
    }

    /// Each (text, replacement) pair in both spellings, plain and as JSON may write it, in the
    /// order they are replaced: plain first, or with `escapedFirst` the JSON one first (a
    /// placeholder's plain spelling is part of its JSON one).
    private static func spellings(_ pairs: [(String, String)], escapedFirst: Bool = false) -> [(String, String)] {
        pairs.flatMap { text, replacement in
            let both = [(text, replacement), (escaped(text), escaped(replacement))]
            return escapedFirst ? both.reversed() : both
        }
    }

    /// A path as JSON may write it, every `/` as `\/`.
    private static func escaped(_ path: String) -> String { path.replacingBytes("/", with: "\\/") }

    /// Whether a build folder's name keeps the driver's files valid when it replaces another's.
    static func isPlainName(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        return !name.isEmpty && name.allSatisfy(allowed.contains)
    }
}
