import Foundation

/// A design property of the learner's modules, judged over everything they declare
/// (`kind: surface` in kata.yaml). Each holds whatever the declarations are called.
public enum SurfaceRule: Equatable, Sendable {
    /// Code outside the module has no way to get an instance of `type` other than the
    /// declarations in `except` (e.g. `InstallationID.shared`): no initializer, enum case,
    /// function or static property of the module's API hands out another one.
    case singleInstance(type: String, except: [String])
    /// No static property or global variable whose value can change: no settable `var` of any
    /// name, and no constant whose contents can be swapped for another dependency (a `Mutex` or
    /// `Atomic` of a package type, or a class or actor of the package with a `var` of one).
    /// Task-locals are bound for a scope, never assigned, and are not counted.
    case noMutableStaticState
    /// No task-local value of any name, whether declared with `@TaskLocal` or as a `TaskLocal`.
    case noTaskLocal
    /// Every way code outside the module has to get a `type` takes a `dependency` that the
    /// caller must pass: each initializer, factory or static property of the API that hands
    /// one out has a parameter naming `dependency`, with no default value. With
    /// `anyFunction`, the dependency is a closure and any function-typed parameter counts
    /// (`(String, String) -> Bool` spelled out is the same dependency as its type alias).
    case needsDependency(type: String, dependency: String, anyFunction: Bool)
    /// Nothing the targets declare, at any access level, names any of `types`, apart from
    /// those types themselves and their own members: the module has no request, endpoint or
    /// helper about them, whatever it is called (a private one still ties it to the feature).
    case noMention(types: [String])
    /// No property of `type`, at any access level and whatever its name, holds an optional or
    /// implicitly unwrapped `dependency`: a forgotten assignment cannot become a crash.
    case neverOptional(type: String, dependency: String)
    /// The protocol called `protocol` asks its conformers for `allowed` and nothing else: no
    /// other requirement of any name in its body (a default implementation in an extension
    /// does not make one optional for the boundary) and none through a protocol it refines.
    case onlyRequirements(protocol: String, allowed: [String])
}

/// One declaration that breaks a surface rule.
public struct SurfaceFinding: Equatable, Sendable {
    public var message: String
    public var location: SourceLocation?

    public init(message: String, location: SourceLocation?) {
        self.message = message
        self.location = location
    }
}

extension SurfaceRule {
    /// The rule in one line, for reports that show what a check looks at.
    public var summary: String {
        switch self {
        case .singleInstance(let type, let except):
            "no way to get a \(type) other than \(except.isEmpty ? "none" : except.joined(separator: ", "))"
        case .noMutableStaticState: "no static or global state that can change, whatever it is called"
        case .noTaskLocal: "no task-local value, whatever it is called"
        case .needsDependency(let type, let dependency, _): "no way to get a \(type) without passing a \(dependency)"
        case .neverOptional(let type, let dependency): "no property of \(type) that may hold no \(dependency)"
        case .noMention(let types): "nothing that names \(types.joined(separator: ", "))"
        case .onlyRequirements(let name, let allowed):
            "\(name) requires \(allowed.joined(separator: ", ")) and nothing else, whatever it is called"
        }
    }

    static let interiorMutableTypes = ["s:15Synchronization5MutexV", "s:15Synchronization6AtomicV"]
    static let taskLocalType = "s:12_Concurrency9TaskLocalC"

    /// What breaks the rule in `surfaces` (the modules of the check's targets), in file order.
    public func findings(in surfaces: [APISurface]) -> [SurfaceFinding] {
        let declarations = surfaces.flatMap(\.declarations)
        var found: [SurfaceFinding] = []
        switch self {
        case .singleInstance(let type, let except):
            guard let identifiers = Self.identifiers(of: type, in: declarations) else {
                return [SurfaceFinding(message: "No type called \(type) is declared here.", location: nil)]
            }
            for declaration in declarations where declaration.isAPI && !except.contains(declaration.name) {
                if Self.handsOut(type, identifiers, declaration) {
                    found.append(
                        Self.finding(
                            declaration,
                            "`\(declaration.declaration)` (\(declaration.name)) gives code outside the module another \(type)"
                        ))
                }
            }
        case .noMutableStaticState:
            // What could be swapped is a dependency: a value of one of the package's own types.
            let packageTypes = Set(
                declarations.filter { Self.typeKinds.contains($0.kind) || $0.kind == "protocol" }.map(\.identifier))
            let holders = Self.typesWithVariables(declarations, holding: packageTypes)
            for declaration in declarations where declaration.isStatic {
                let types = Set(declaration.types)
                let boxed = !types.isDisjoint(with: Self.interiorMutableTypes) && !types.isDisjoint(with: packageTypes)
                if declaration.isSettableVariable {
                    found.append(
                        Self.finding(
                            declaration, "`\(declaration.declaration)` (\(declaration.name)) can be reassigned"))
                } else if boxed || !types.isDisjoint(with: holders) {
                    found.append(
                        Self.finding(
                            declaration,
                            "`\(declaration.declaration)` (\(declaration.name)) is a constant whose contents can be swapped"
                        ))
                }
            }
        case .needsDependency(let type, let dependency, let anyFunction):
            guard let identifiers = Self.identifiers(of: type, in: declarations) else {
                return [SurfaceFinding(message: "No type called \(type) is declared here.", location: nil)]
            }
            for declaration in declarations where declaration.isAPI {
                guard Self.handsOut(type, identifiers, declaration),
                    !Self.requiresArgument(naming: dependency, anyFunction: anyFunction, in: declaration)
                else { continue }
                found.append(
                    Self.finding(
                        declaration,
                        "`\(declaration.declaration)` (\(declaration.name)) gives code outside the module a \(type) without the caller choosing its \(dependency)"
                    ))
            }
        case .neverOptional(let type, let dependency):
            for declaration in declarations
            where declaration.kind == "property" && declaration.path.count == 2 && declaration.path[0] == type
                && Self.isOptional(dependency, in: declaration.declaration)
            {
                found.append(
                    Self.finding(
                        declaration,
                        "`\(declaration.declaration)` (\(declaration.name)) can hold no \(dependency) at all"))
            }
        case .noMention(let types):
            for declaration in declarations where !types.contains(declaration.path.first ?? "") {
                // A member of a constrained extension names the type in the constraint alone
                // (`extension Endpoint where Response == [Friend]`, returning `Self`).
                let texts = [declaration.declaration] + declaration.constraints
                guard let named = types.first(where: { type in texts.contains { Self.mentions(type, in: $0) } })
                else { continue }
                let constraints =
                    declaration.constraints.isEmpty
                    ? "" : " where \(declaration.constraints.joined(separator: ", "))"
                found.append(
                    Self.finding(
                        declaration,
                        "`\(declaration.declaration)\(constraints)` (\(declaration.name)) is about \(named)"))
            }
        case .onlyRequirements(let name, let allowed):
            found = Self.extraRequirements(of: name, allowed: allowed, in: declarations)
        case .noTaskLocal:
            for declaration in declarations where declaration.types.contains(Self.taskLocalType) {
                found.append(
                    Self.finding(
                        declaration, "`\(declaration.declaration)` (\(declaration.name)) is a task-local value"))
            }
            // `@TaskLocal var x` shows in the symbol graph as a plain `var x { get }`; its
            // storage `$x`, of type TaskLocal, is in the object file.
            for surface in surfaces {
                let uses = surface.objectSymbols.filter(Self.mentionsTaskLocal)
                guard !uses.isEmpty else { continue }
                let properties = Set(uses.compactMap(Self.wrappedPropertyName))
                let declared = surface.declarations.filter {
                    Self.storageKinds.contains($0.kind) && properties.contains($0.path.last ?? "")
                }
                for declaration in declared {
                    let text = declaration.declaration.replacingOccurrences(of: " { get }", with: "")
                    found.append(
                        Self.finding(declaration, "`@TaskLocal \(text)` (\(declaration.name)) is a task-local value"))
                }
                if declared.isEmpty {
                    found.append(SurfaceFinding(message: "\(surface.module) uses a task-local value.", location: nil))
                }
            }
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0.message).inserted }.sorted {
            ($0.location?.file ?? "~", $0.location?.line ?? 0) < ($1.location?.file ?? "~", $1.location?.line ?? 0)
        }
    }

    static let typeKinds: Set<String> = ["class", "struct", "enum", "actor"]
    /// Declarations that hand out a value of the type they name: functions by what they
    /// return, static properties and globals by their type. (An instance property holds a
    /// value somebody else made.)
    static let producers: Set<String> = [
        "func", "method", "type.method", "type.property", "var", "subscript", "type.subscript",
    ]
    static let storageKinds: Set<String> = ["type.property", "var", "property"]

    /// The precise identifiers of the types called `name`; nil when there is none.
    static func identifiers(of name: String, in declarations: [APISurface.Declaration]) -> Set<String>? {
        let found = Set(declarations.filter { typeKinds.contains($0.kind) && $0.path == [name] }.map(\.identifier))
        return found.isEmpty ? nil : found
    }

    /// Whether `declaration` gives its caller a `type`: one of the type's own initializers or
    /// enum cases, or a function, subscript, static property or global of that type.
    static func handsOut(_ type: String, _ identifiers: Set<String>, _ declaration: APISurface.Declaration) -> Bool {
        let ownMember = declaration.path.count == 2 && declaration.path[0] == type
        return (ownMember && (declaration.kind == "init" || declaration.kind == "enum.case"))
            || (producers.contains(declaration.kind) && declaration.types.contains(where: identifiers.contains))
    }

    /// Classes and actors of the package with a variable that holds one of `packageTypes`
    /// (a cache of plain values is state, but not a dependency that can be swapped).
    static func typesWithVariables(
        _ declarations: [APISurface.Declaration], holding packageTypes: Set<String>
    ) -> Set<String> {
        let owners = Set(
            declarations.filter { declaration in
                declaration.kind == "property" && declaration.isSettableVariable
                    && !Set(declaration.types).isDisjoint(with: packageTypes)
            }.map { $0.path.dropLast() })
        return Set(
            declarations.filter { ($0.kind == "class" || $0.kind == "actor") && owners.contains($0.path[...]) }
                .map(\.identifier))
    }

    /// Whether a function-like declaration has a parameter whose type names `dependency` and
    /// that has no default value (so every caller chooses one).
    static func requiresArgument(
        naming dependency: String, anyFunction: Bool, in declaration: APISurface.Declaration
    ) -> Bool {
        guard ["init", "func", "method", "type.method", "subscript", "type.subscript"].contains(declaration.kind) else {
            return false
        }
        return parameters(of: declaration.declaration).contains { parameter in
            (mentions(dependency, in: parameter.type) || (anyFunction && parameter.type.contains("->")))
                && !parameter.hasDefault
        }
    }

    static func finding(_ declaration: APISurface.Declaration, _ message: String) -> SurfaceFinding {
        let location = declaration.file.map { SourceLocation(file: $0, line: declaration.line ?? 1, column: 1) }
        return SurfaceFinding(message: location.map { "\($0): \(message)" } ?? message, location: location)
    }
}
