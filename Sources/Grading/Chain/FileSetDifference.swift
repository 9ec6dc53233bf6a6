import Foundation

/// How two packages' file sets differ, path by path: what the chain compares when it lays a
/// delta over the previous solution and expects this kata's starter, byte for byte. Pure.
public struct FileSetDifference: Equatable, Sendable {
    /// Paths the expected package has and the actual one lacks.
    public var missing: [String]
    /// Paths the actual package has and the expected one lacks.
    public var extra: [String]
    /// Paths in both whose bytes differ.
    public var changed: [String]

    public init(missing: [String] = [], extra: [String] = [], changed: [String] = []) {
        self.missing = missing
        self.extra = extra
        self.changed = changed
    }

    public var isEmpty: Bool { missing.isEmpty && extra.isEmpty && changed.isEmpty }

    /// Every differing path, sorted.
    public var paths: [String] { (missing + extra + changed).sorted() }

    public static func between(expected: [String: Data], actual: [String: Data]) -> FileSetDifference {
        FileSetDifference(
            missing: expected.keys.filter { actual[$0] == nil }.sorted(),
            extra: actual.keys.filter { expected[$0] == nil }.sorted(),
            changed: expected.keys.filter { path in actual[path].map { $0 != expected[path] } ?? false }.sorted())
    }
}

/// Counts in a unified diff (`diff -ruN` output). Pure.
public struct DiffStats: Equatable, Sendable {
    public var added: Int
    public var removed: Int

    public init(added: Int = 0, removed: Int = 0) {
        self.added = added
        self.removed = removed
    }

    /// Lines that differ: added plus removed.
    public var total: Int { added + removed }

    /// `---`/`+++` lines count only inside a hunk: before the first `@@` of a file they are
    /// its header.
    public init(unifiedDiff lines: [String]) {
        self.init()
        var inHeader = true
        for line in lines {
            if line.hasPrefix("diff ") {
                inHeader = true
            } else if line.hasPrefix("@@") {
                inHeader = false
            } else if !inHeader && line.hasPrefix("+") {
                added += 1
            } else if !inHeader && line.hasPrefix("-") {
                removed += 1
            }
        }
    }
}
