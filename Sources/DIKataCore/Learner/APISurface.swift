/// What one compiled learner module declares, at every access level, as the compiler's symbol
/// graph lists it, plus the names its object file uses. `surface` checks judge a design
/// property over all of it, so renaming a declaration does not get past them.
public struct APISurface: Equatable, Sendable {
    public struct Declaration: Codable, Equatable, Sendable {
        /// The compiler's precise identifier (USR), which other declarations name it by.
        public var identifier: String
        /// The symbol graph's kind without the language prefix: `init`, `type.property`,
        /// `property`, `var`, `func`, `method`, `type.method`, `class`, `struct`, `enum.case`…
        public var kind: String
        /// `public`, `package`, `internal`, `fileprivate` or `private`.
        public var access: String
        /// Its path in the module: `["InstallationID", "shared"]`.
        public var path: [String]
        /// The declaration as the compiler prints it: `static let shared: InstallationID`.
        public var declaration: String
        /// Precise identifiers (USRs) of the types the declaration names (for a function, of
        /// what it returns).
        public var types: [String]
        /// Generic constraints on it, its own or its extension's, as written: `Response == [Friend]`
        /// for a member of `extension Endpoint where Response == [Friend]`.
        public var constraints: [String]
        public var file: String?
        public var line: Int?
        /// For a requirement of a protocol (declared in its body, not a default in an
        /// extension), that protocol's precise identifier.
        public var requirementOf: String?
        /// For a protocol, the precise identifiers of the protocols it refines (`Sendable` too).
        public var refines: [String]

        public init(
            identifier: String, kind: String, access: String, path: [String], declaration: String, types: [String],
            constraints: [String] = [], file: String? = nil, line: Int? = nil, requirementOf: String? = nil,
            refines: [String] = []
        ) {
            self.identifier = identifier
            self.kind = kind
            self.access = access
            self.path = path
            self.declaration = declaration
            self.types = types
            self.constraints = constraints
            self.file = file
            self.line = line
            self.requirementOf = requirementOf
            self.refines = refines
        }

        /// Visible outside the module (to other targets or the package).
        public var isAPI: Bool { access == "public" || access == "open" || access == "package" }
        public var name: String { path.joined(separator: ".") }

        /// A stored or computed property (or global variable) that can be assigned.
        public var isSettableVariable: Bool {
            guard kind == "type.property" || kind == "property" || kind == "var" else { return false }
            let words = declaration.split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard words.contains("var") else { return false }
            // `private(set)` shows as `{ get }`, but in Swift 6 a static that its own module
            // assigns needs `nonisolated(unsafe)` (or an actor), which the declaration keeps.
            return !declaration.hasSuffix("{ get }") || declaration.contains("nonisolated(unsafe)")
        }

        /// A `static`/`class` property or a global variable: state of the process, not of one value.
        public var isStatic: Bool {
            kind == "type.property" || kind == "var"
        }
    }

    public var module: String
    public var declarations: [Declaration]
    /// Demangled names of the symbols the module's object file defines or uses.
    public var objectSymbols: [String]

    public init(module: String, declarations: [Declaration], objectSymbols: [String] = []) {
        self.module = module
        self.declarations = declarations
        self.objectSymbols = objectSymbols
    }
}
