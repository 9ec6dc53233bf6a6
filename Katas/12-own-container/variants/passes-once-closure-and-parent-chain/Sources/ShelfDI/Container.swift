import Synchronization

/// What a registration's closure is handed: the container that resolves (a child, when the
/// registration came from a parent) and the names of what is being made, outermost first.
public struct Resolver: Sendable {
    let container: Container
    let path: [String]

    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        try container.make(type, path: path)
    }
}

/// One line of a module. A single's closure keeps its own value, so the container never needs
/// to know lifetimes.
public struct Registration: Sendable {
    /// The type's full name (`String(reflecting:)`), unique for each type.
    let key: String
    let name: String
    let make: @Sendable (Resolver) throws -> any Sendable
}

public func factory<T: Sendable>(_ make: @escaping @Sendable (Resolver) throws -> T) -> Registration {
    Registration(key: String(reflecting: T.self), name: String(describing: T.self), make: make)
}

public func single<T: Sendable>(_ make: @escaping @Sendable (Resolver) throws -> T) -> Registration {
    let kept = Mutex<T?>(nil)
    return Registration(key: String(reflecting: T.self), name: String(describing: T.self)) { resolver in
        try kept.withLock { kept in
            if let kept { return kept }
            let value = try make(resolver)
            kept = value
            return value
        }
    }
}

@resultBuilder
public enum ModuleBuilder {
    public static func buildBlock(_ registrations: Registration...) -> [Registration] {
        registrations
    }
}

public struct Module: Sendable {
    let registrations: [Registration]

    public init(@ModuleBuilder _ content: () -> [Registration]) {
        registrations = content()
    }
}

/// Why a value could not be made.
public struct ResolutionError: Error, CustomStringConvertible {
    public let description: String
}

/// A table of registrations and, for a child, the parent it falls back to.
public final class Container: Sendable {
    private let own: [String: Registration]
    private let parent: Container?

    public convenience init(_ modules: Module...) {
        self.init(modules.flatMap(\.registrations), parent: nil)
    }

    private init(_ list: [Registration], parent: Container?) {
        own = Dictionary(list.map { ($0.key, $0) }, uniquingKeysWith: { _, later in later })
        self.parent = parent
    }

    /// A child that looks in `module` first and in this container next. Whatever it finds, it
    /// makes with its own resolver, so the parent's registrations see the child's overrides.
    public func overriding(_ module: Module) -> Container {
        Container(module.registrations, parent: self)
    }

    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        try make(type, path: [])
    }

    public func verify() throws {
        for registration in allRegistrations() { _ = try make(registration, path: []) }
    }

    private func lookUp(_ key: String) -> Registration? {
        own[key] ?? parent?.lookUp(key)
    }

    private func allRegistrations() -> [Registration] {
        var all = parent?.allRegistrations().reduce(into: [String: Registration]()) { $0[$1.key] = $1 } ?? [:]
        for (key, registration) in own { all[key] = registration }
        return Array(all.values)
    }

    func make<T>(_ type: T.Type, path: [String]) throws -> T {
        guard let registration = lookUp(String(reflecting: type)) else {
            let asker = path.last.map { "requested by \($0)" } ?? "requested directly"
            throw ResolutionError(description: "No registration for \(String(describing: type)), \(asker).")
        }
        guard let value = try make(registration, path: path) as? T else {
            throw ResolutionError(description: "The registration for \(String(describing: type)) made something else.")
        }
        return value
    }

    private func make(_ registration: Registration, path: [String]) throws -> any Sendable {
        if let start = path.firstIndex(of: registration.name) {
            let loop = path[start...] + [registration.name]
            throw ResolutionError(description: "Cycle: \(loop.joined(separator: " -> ")).")
        }
        return try registration.make(Resolver(container: self, path: path + [registration.name]))
    }
}
