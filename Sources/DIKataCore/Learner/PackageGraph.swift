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
        /// An extension declared outside the extended type's target (an adapter, say).
        case `extension`

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

    /// The node of the type `name` (not of an extension of it).
    public func type(named name: String) -> TypeNode? { types.first { $0.name == name && $0.kind != .extension } }

    /// A top-level declaration of one file, as the graph needs it: read by the grader's Swift
    /// parser, so comments, strings and nesting are handled as the compiler handles them.
    public struct Declaration: Equatable, Sendable {
        /// The declared type's name, or the extended type's name for an extension.
        public var name: String
        public var kind: TypeKind
        /// Every identifier the declaration's code mentions, in order (repeats allowed).
        public var mentions: [String]

        public init(name: String, kind: TypeKind, mentions: [String]) {
            self.name = name
            self.kind = kind
            self.mentions = mentions
        }
    }

    /// Builds the graph from the learner's manifest and each file's declarations (keyed by the
    /// file's path in the package). Support targets are left out. An extension counts towards
    /// its type when it is declared in the type's own target; one declared in another target is
    /// a node of that target, so an adapter in App shows in App, not under APIClient's type.
    public static func make(
        package: LearnerPackage, declarations: [String: [Declaration]], hiding hidden: Set<String> = []
    ) -> PackageGraph {
        let buildable = package.targets.filter {
            ($0.type == .regular || $0.type == .executable) && !hidden.contains($0.name)
        }
        let targets = buildable.map {
            TargetNode(
                name: $0.name, dependencies: $0.dependencies.filter { !hidden.contains($0) },
                isExecutable: $0.type == .executable)
        }
        var placed: [(target: String, declaration: Declaration)] = []
        for path in declarations.keys.sorted() {
            guard let target = buildable.first(where: { path.hasPrefix($0.path + "/") }) else { continue }
            placed += (declarations[path] ?? []).map { (target.name, $0) }
        }
        let types = placed.filter { $0.declaration.kind != .extension }
        let home = Dictionary(types.map { ($0.declaration.name, $0.target) }, uniquingKeysWith: { first, _ in first })
        let names = Set(home.keys)
        func references(of name: String, in mentions: [String]) -> [String] {
            var seen: [String] = []
            for word in mentions where names.contains(word) && word != name && !seen.contains(word) {
                seen.append(word)
            }
            return seen
        }
        var nodes = types.map { target, declaration in
            let ownExtensions = placed.filter {
                $0.declaration.kind == .extension && $0.declaration.name == declaration.name && $0.target == target
            }
            return TypeNode(
                name: declaration.name, kind: declaration.kind, target: target,
                references: references(
                    of: declaration.name, in: declaration.mentions + ownExtensions.flatMap(\.declaration.mentions)))
        }
        for (target, declaration) in placed
        where declaration.kind == .extension && home[declaration.name].map({ $0 != target }) ?? false {
            nodes.append(
                TypeNode(
                    name: declaration.name, kind: .extension, target: target,
                    references: [declaration.name]
                        + references(of: declaration.name, in: declaration.mentions)))
        }
        return PackageGraph(targets: targets, types: nodes)
    }
}
