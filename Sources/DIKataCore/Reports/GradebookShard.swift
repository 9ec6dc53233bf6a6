/// One of `count` slices of a class for `grade-batch --shard index/count`: the entries sorted by
/// name, and every `count`-th of them starting at `index` (1-based). The slice depends only on
/// the entries' names, so every runner of a matrix agrees on it without talking to the others,
/// and the slices together hold every entry exactly once.
public struct GradebookShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The names of this shard, from all of the class's entry names.
    public func select<Entry>(_ entries: [Entry], name: (Entry) -> String) -> [Entry] {
        entries.sorted { name($0) < name($1) }.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

extension Gradebook {
    /// Why shard gradebooks cannot be merged.
    public enum MergeError: Error, Equatable, CustomStringConvertible {
        case noGradebooks
        case differentKatas([String])
        case differentChecks(String)
        case duplicate(String)

        public var description: String {
            switch self {
            case .noGradebooks: "There is no gradebook to merge."
            case .differentKatas(let katas):
                "The gradebooks are for different katas (\(katas.joined(separator: ", "))); merge one kata's shards."
            case .differentChecks(let kata):
                "The gradebooks of \(kata) list different checks: they were graded with different versions of the kata."
            case .duplicate(let name):
                "\(name) is in more than one gradebook: the shards overlap (use --shard 1/N … N/N of the same N)."
            }
        }
    }

    /// The shards' gradebooks as one, equal to the gradebook of an unsharded run.
    public static func merged(_ books: [Gradebook]) throws(MergeError) -> Gradebook {
        guard let first = books.first else { throw .noGradebooks }
        let katas = Array(Set(books.map(\.kata))).sorted()
        guard katas.count == 1 else { throw .differentKatas(katas) }
        guard books.allSatisfy({ $0.checks == first.checks }) else { throw .differentChecks(first.kata) }
        var seen: Set<String> = []
        var rows: [Row] = []
        for row in books.flatMap(\.rows) {
            guard seen.insert(row.submission).inserted else { throw .duplicate(row.submission) }
            rows.append(row)
        }
        return Gradebook(
            kata: first.kata, checks: first.checks, rows: rows.sorted { $0.submission < $1.submission },
            maxPoints: books.compactMap(\.maxPoints).first)
    }
}
