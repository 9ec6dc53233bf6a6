/// Keeps the grader's own absolute paths out of every report. Compiler and runtime messages name
/// files by absolute path: in the build cache's snapshot of the package, in a temporary copy, or in
/// the submission folder itself. A path under the submission or in a snapshot is rewritten to the
/// package-relative file (then shown through ``ReportContext/repositoryPath``); any other path under
/// a grader folder becomes `<dikata>/…` with only its last component.
public struct PathRedaction: Sendable, Equatable {
    /// Folders of the grader's (build cache, temporary copies), absolute, without a trailing slash.
    public var graderFolders: [String]
    /// The graded package's own folder, absolute, without a trailing slash.
    public var package: String?

    public init(graderFolders: [String] = [], package: String? = nil) {
        self.graderFolders = graderFolders.map(Self.trimmed).filter { $0.count > 1 }
        self.package = package.map(Self.trimmed).flatMap { $0.count > 1 ? $0 : nil }
    }

    /// Redacts nothing.
    public static let none = PathRedaction()

    /// The folder a build-cache path holds the package snapshot in (`…/builds/<kata>-<key>/snapshot/`).
    static let snapshotFolder = "/snapshot/"

    /// `text` with every grader path rewritten; `display` turns a package-relative file into what
    /// the report shows.
    public func apply(_ text: String, display: (String) -> String) -> String {
        guard !graderFolders.isEmpty || package != nil, text.contains("/") else { return text }
        var result = text
        // The package first: it may itself lie under a grader folder (a temporary copy).
        for root in ([package].compactMap { $0 } + graderFolders).sorted(by: { $0.count > $1.count }) {
            result = replacing(root, in: result, isPackage: root == package, display: display)
        }
        return result
    }

    private func replacing(_ root: String, in text: String, isPackage: Bool, display: (String) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: root) {
            let after = rest[range.upperBound...]
            // Only a whole path component: `/tmp/x` must not match `/tmp/xy`.
            guard after.first == "/" || after.first == ":" || Self.ends(after.first) else {
                result += rest[..<range.upperBound]
                rest = after
                continue
            }
            result += rest[..<range.lowerBound]
            let pathEnd = Self.pathEnd(in: after)
            let path = String(after[..<pathEnd])
            result += rewritten(path, isPackage: isPackage, display: display)
            rest = after[pathEnd...]
        }
        return result + rest
    }

    /// `path` is what followed the root (starting with `/`, or empty).
    private func rewritten(_ path: String, isPackage: Bool, display: (String) -> String) -> String {
        if isPackage {
            let relative = String(path.drop(while: { $0 == "/" }))
            return relative.isEmpty ? "." : display(relative)
        }
        if let snapshot = path.range(of: Self.snapshotFolder) {
            let relative = String(path[snapshot.upperBound...])
            if !relative.isEmpty { return display(relative) }
        }
        let last = path.split(separator: "/").last.map(String.init)
        return "<dikata>" + (last.map { "/…/" + $0 } ?? "")
    }

    /// Where a path in running text ends: white space, quotes, brackets, or a `:` that starts a line
    /// number or a message (a `:` inside a learner's file name stays part of the path).
    private static func pathEnd(in text: Substring) -> Substring.Index {
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == ":" {
                if next == text.endIndex || text[next].isNumber || text[next] == " " { return index }
            } else if ends(text[index]) {
                return index
            }
            index = next
        }
        return index
    }

    private static func ends(_ character: Character?) -> Bool {
        guard let character else { return true }
        return character.isWhitespace || "\"'`()[]<>,;".contains(character)
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

extension PathRedaction {
    /// `verdict` with every text field redacted (messages, advice, output, problems, notes).
    public func apply(_ verdict: Verdict, display: (String) -> String) -> Verdict {
        guard !graderFolders.isEmpty || package != nil else { return verdict }
        var copy = verdict
        copy.problems = verdict.problems.map { apply($0, display: display) }
        copy.notes = verdict.notes.map { apply($0, display: display) }
        copy.checks = verdict.checks.map { check in
            var check = check
            check.message = check.message.map { apply($0, display: display) }
            check.advice = check.advice.map { apply($0, display: display) }
            check.output = apply(check.output, display: display)
            return check
        }
        return copy
    }
}
