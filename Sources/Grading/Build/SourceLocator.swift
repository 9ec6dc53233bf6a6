import DIKataCore
import Foundation

/// Maps file references in compiler and runtime messages back to the learner's files:
/// absolute paths in the build snapshot, and `Module/File.swift` file IDs from `fatalError`.
struct SourceLocator: Sendable {
    /// Absolute path of the snapshot root, with a trailing slash.
    var snapshotRoot: String
    /// Package-relative paths of the learner's files.
    var files: [String]
    /// Target name → its source folder (package-relative).
    var targetPaths: [String: String]

    func locate(_ text: String) -> SourceLocation? {
        // The learner's own files first, longest first, as written: a name may hold a `:`.
        for file in files.sorted(by: { $0.count > $1.count }) where file.contains(":") {
            for written in [snapshotRoot + file, file] {
                guard let range = text.range(of: written + ":") else { continue }
                let rest = text[range.upperBound...]
                guard let line = Int(rest.prefix(while: \.isNumber)) else { continue }
                let after = rest.drop(while: \.isNumber)
                let column = after.hasPrefix(":") ? Int(after.dropFirst().prefix(while: \.isNumber)) : nil
                return SourceLocation(file: file, line: line, column: column)
            }
        }
        for match in text.matches(of: #/([A-Za-z0-9_./+\- ]+\.swift):(\d+)(?::(\d+))?/#) {
            let path = String(match.output.1).trimmingCharacters(in: .whitespaces)
            guard let line = Int(match.output.2) else { continue }
            if let relative = relativePath(for: path) {
                return SourceLocation(file: relative, line: line, column: match.output.3.flatMap { Int($0) })
            }
        }
        return nil
    }

    func relativePath(for path: String) -> String? {
        if path.hasPrefix(snapshotRoot) {
            let relative = String(path.dropFirst(snapshotRoot.count))
            return files.contains(relative) ? relative : nil
        }
        if files.contains(path) { return path }
        // A file ID: `Login/LoginViewModel.swift`.
        let parts = path.split(separator: "/")
        guard parts.count == 2, let folder = targetPaths[String(parts[0])] else { return nil }
        let candidates = files.filter { $0.hasPrefix(folder + "/") && $0.hasSuffix("/" + parts[1]) }
        return candidates.count == 1 ? candidates[0] : nil
    }
}
