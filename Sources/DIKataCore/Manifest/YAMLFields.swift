import Yams

/// A strict reader over one YAML mapping: typed accessors that report the field path and line
/// on every mistake, and `finish()` that rejects keys the format does not know (typos).
struct YAMLFields {
    let file: String
    let path: String
    let node: Node
    private let pairs: [(key: String, value: Node)]
    private var used: Set<String> = []

    init(_ node: Node, file: String, path: String) throws {
        self.file = file
        self.path = path
        self.node = node
        guard case .mapping(let mapping) = node else {
            throw ManifestError(
                file: file, field: path.isEmpty ? nil : path,
                problem: "expected a mapping of `key: value` lines, found \(Self.describe(node))",
                line: node.mark?.line)
        }
        var pairs: [(key: String, value: Node)] = []
        for (key, value) in mapping {
            guard let name = key.string else {
                throw ManifestError(
                    file: file, field: path, problem: "keys must be plain words", line: key.mark?.line)
            }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String?, _ problem: String, at node: Node? = nil) -> ManifestError {
        ManifestError(
            file: file, field: key.map(child) ?? (path.isEmpty ? nil : path), problem: problem,
            line: (node ?? self.node).mark?.line)
    }

    mutating func value(_ key: String) -> Node? {
        used.insert(key)
        return pairs.first { $0.key == key }?.value
    }

    mutating func requiredValue(_ key: String) throws -> Node {
        guard let node = value(key) else { throw missing(key) }
        return node
    }

    /// "is missing", plus the misspelt key the author probably meant.
    func missing(_ key: String) -> ManifestError {
        let near = pairs.map(\.key).filter { !used.contains($0) }.min {
            Self.distance($0, key) < Self.distance($1, key)
        }
        if let near, Self.distance(near, key) <= 3 {
            return error(key, "is missing (found `\(near)`: did you mean `\(key)`?)")
        }
        return error(key, "is missing")
    }

    mutating func string(_ key: String) throws -> String {
        let node = try requiredValue(key)
        return try Self.string(node, field: child(key), file: file)
    }

    mutating func optionalString(_ key: String) throws -> String? {
        guard let node = value(key) else { return nil }
        return try Self.string(node, field: child(key), file: file)
    }

    mutating func int(_ key: String, default fallback: Int? = nil, minimum: Int = 0) throws -> Int {
        guard let node = value(key) else {
            if let fallback { return fallback }
            throw missing(key)
        }
        guard case .scalar(let scalar) = node, let number = Int(scalar.string) else {
            throw error(key, "expected a whole number, found \(Self.describe(node))", at: node)
        }
        guard number >= minimum else {
            throw error(key, "must be at least \(minimum), found \(number)", at: node)
        }
        return number
    }

    mutating func bool(_ key: String, default fallback: Bool) throws -> Bool {
        guard let node = value(key) else { return fallback }
        guard let flag = node.bool else {
            throw error(key, "expected true or false, found \(Self.describe(node))", at: node)
        }
        return flag
    }

    mutating func strings(_ key: String, default fallback: [String]? = nil) throws -> [String] {
        guard let node = value(key) else {
            if let fallback { return fallback }
            throw missing(key)
        }
        guard case .sequence(let sequence) = node else {
            throw error(key, "expected a list (`[a, b]` or `- a` lines), found \(Self.describe(node))", at: node)
        }
        return try sequence.enumerated().map { index, element in
            try Self.string(element, field: "\(child(key))[\(index)]", file: file)
        }
    }

    mutating func list(_ key: String, default fallback: [Node]? = nil) throws -> [Node] {
        guard let node = value(key) else {
            if let fallback { return fallback }
            throw missing(key)
        }
        guard case .sequence(let sequence) = node else {
            throw error(key, "expected a list of entries starting with `- `, found \(Self.describe(node))", at: node)
        }
        return Array(sequence)
    }

    /// Rejects keys that no accessor asked for, suggesting the closest known key.
    func finish() throws {
        for (key, node) in pairs where !used.contains(key) {
            let suggestion = used.min { Self.distance($0, key) < Self.distance($1, key) }
            var problem = "unknown field"
            if let suggestion, Self.distance(suggestion, key) <= 3 {
                problem += "; did you mean `\(suggestion)`?"
            } else {
                problem += "; known fields: \(used.sorted().joined(separator: ", "))"
            }
            throw ManifestError(file: file, field: child(key), problem: problem, line: node.mark?.line)
        }
    }

    static func string(_ node: Node, field: String, file: String) throws -> String {
        guard case .scalar(let scalar) = node else {
            var problem = "expected text, found \(describe(node))"
            if case .mapping = node { problem += " (put the text in quotes when it contains `: `)" }
            throw ManifestError(file: file, field: field, problem: problem, line: node.mark?.line)
        }
        return scalar.string
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// Levenshtein distance, for "did you mean" suggestions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
