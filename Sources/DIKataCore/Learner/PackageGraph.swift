/// The learner's package as a dependency graph: targets and the targets they depend on, and
/// the types each type refers to, marked concrete or abstraction (protocols, function types).
/// Drawn by the graph view so the learner sees the arrows turn at the dependency-inversion stage.
public struct PackageGraph: Equatable, Sendable {
    public struct TargetNode: Equatable, Sendable {
        public var name: String
        public var dependencies: [String]
        public var isExecutable: Bool

        public init(name: String, dependencies: [String], isExecutable: Bool = false) {
            self.name = name
            self.dependencies = dependencies
            self.isExecutable = isExecutable
        }
    }

    public enum TypeKind: String, Equatable, Sendable {
        case `class`, `struct`, `enum`, `actor`, `protocol`, functionType

        /// Protocols and function types are abstractions; everything else is concrete.
        public var isAbstraction: Bool { self == .protocol || self == .functionType }
    }

    public struct TypeNode: Equatable, Sendable {
        public var name: String
        public var kind: TypeKind
        public var target: String
        /// Other types of the package this type's code mentions, in first-mention order.
        public var references: [String]

        public init(name: String, kind: TypeKind, target: String, references: [String]) {
            self.name = name
            self.kind = kind
            self.target = target
            self.references = references
        }
    }

    public var targets: [TargetNode]
    public var types: [TypeNode]

    public init(targets: [TargetNode], types: [TypeNode]) {
        self.targets = targets
        self.types = types
    }

    public func type(named name: String) -> TypeNode? { types.first { $0.name == name } }

    /// Builds the graph from the learner's manifest and sources (support targets excluded).
    public static func make(package: LearnerPackage, files: [SourceFile], hiding hidden: Set<String> = [])
        -> PackageGraph
    {
        let buildable = package.targets.filter {
            ($0.type == .regular || $0.type == .executable) && !hidden.contains($0.name)
        }
        let targets = buildable.map {
            TargetNode(
                name: $0.name, dependencies: $0.dependencies.filter { !hidden.contains($0) },
                isExecutable: $0.type == .executable)
        }
        var filesByTarget: [(String, SourceFile)] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            if let target = buildable.first(where: { file.path.hasPrefix($0.path + "/") }) {
                filesByTarget.append((target.name, file))
            }
        }
        return PackageGraph(targets: targets, types: TypeReferenceScanner().scan(filesByTarget))
    }
}

/// Finds type declarations and which package types each one mentions, with a light lexer
/// (comments and strings ignored). Extensions count towards the extended type.
public struct TypeReferenceScanner: Sendable {
    public init() {}

    public func scan(_ files: [(target: String, file: SourceFile)]) -> [PackageGraph.TypeNode] {
        struct Declaration {
            var name: String
            var kind: PackageGraph.TypeKind
            var target: String
            var body: [String]
        }
        var declarations: [Declaration] = []
        var extensionBodies: [(String, [String])] = []
        for (target, file) in files {
            let words = Self.words(in: file.code)
            var index = 0
            while index < words.count {
                let word = words[index]
                let kinds: [String: PackageGraph.TypeKind] = [
                    "class": .class, "struct": .struct, "enum": .enum, "actor": .actor, "protocol": .protocol,
                ]
                if let kind = kinds[word], index + 1 < words.count, Self.isTypeName(words[index + 1]),
                    index == 0 || words[index - 1] != "."
                {
                    let (body, end) = Self.body(from: index + 2, in: words)
                    declarations.append(Declaration(name: words[index + 1], kind: kind, target: target, body: body))
                    index = end
                    continue
                }
                if word == "typealias", index + 3 < words.count, Self.isTypeName(words[index + 1]),
                    words[index + 2] == "="
                {
                    // A function type: `typealias Authenticate = (Credentials) -> …`.
                    var cursor = index + 3
                    var isFunction = false
                    var body: [String] = []
                    while cursor < words.count, words[cursor] != ";",
                        !(Self.declarationStarters.contains(words[cursor]) && cursor > index + 3)
                    {
                        if words[cursor] == "->" { isFunction = true }
                        body.append(words[cursor])
                        cursor += 1
                    }
                    if isFunction {
                        declarations.append(
                            Declaration(name: words[index + 1], kind: .functionType, target: target, body: body))
                    }
                    index = cursor
                    continue
                }
                if word == "extension", index + 1 < words.count {
                    let (body, end) = Self.body(from: index + 2, in: words)
                    extensionBodies.append((words[index + 1], body))
                    index = end
                    continue
                }
                index += 1
            }
        }
        let names = Set(declarations.map(\.name))
        return declarations.map { declaration in
            let extra = extensionBodies.filter { $0.0 == declaration.name }.flatMap(\.1)
            var seen: [String] = []
            for word in declaration.body + extra
            where names.contains(word) && word != declaration.name && !seen.contains(word) {
                seen.append(word)
            }
            return PackageGraph.TypeNode(
                name: declaration.name, kind: declaration.kind, target: declaration.target, references: seen)
        }
    }

    static let declarationStarters: Set<String> = [
        "public", "private", "internal", "fileprivate", "final", "class", "struct", "enum", "protocol", "actor", "func",
        "let", "var", "extension", "typealias", "import", "@",
    ]

    static func isTypeName(_ word: String) -> Bool {
        guard let first = word.first else { return false }
        return first.isUppercase && word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The words from `start` up to the brace that closes the first `{` (the declaration's body,
    /// including its inheritance clause), and the index after it.
    static func body(from start: Int, in words: [String]) -> ([String], Int) {
        var depth = 0
        var opened = false
        var body: [String] = []
        var index = start
        while index < words.count {
            let word = words[index]
            if word == "{" {
                depth += 1
                opened = true
            } else if word == "}" {
                depth -= 1
                if opened && depth == 0 { return (body, index + 1) }
            }
            body.append(word)
            index += 1
        }
        return (body, index)
    }

    /// Identifiers, `{`, `}`, `->`, `=`, `.` and `;` as separate words; string literals dropped.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inString = false
        var previous: Character = " "
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for character in text {
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
                previous = character
                continue
            }
            if character == "\"" {
                flush()
                inString = true
            } else if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                flush()
                if character == ">" && previous == "-" {
                    words.append("->")
                } else if "{}=.;".contains(character) {
                    words.append(String(character))
                }
            }
            previous = character
        }
        flush()
        return words
    }
}
