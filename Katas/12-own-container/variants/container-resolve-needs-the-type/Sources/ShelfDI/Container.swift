import Synchronization

/// What a registration's closure is handed: a way to ask for its own dependencies. It carries
/// the chain of registrations being made, so it can name who asked, and see a cycle coming.
public struct Resolver: Sendable {
    let container: Container
    let chain: [Registration]

    /// The value registered for `T`, made by its registration.
    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        try container.resolve(type, chain: chain)
    }
}

/// One line of a module: the type it makes, how to make it, and whether to keep it.
public struct Registration: Sendable {
    /// The type's full name (`String(reflecting:)`), unique for each type.
    let key: String
    let name: String
    let isSingle: Bool
    let make: @Sendable (Resolver) throws -> any Sendable
}

/// Registers `T`, made anew on every resolve.
public func factory<T: Sendable>(_ make: @escaping @Sendable (Resolver) throws -> T) -> Registration {
    Registration(key: String(reflecting: T.self), name: String(describing: T.self), isSingle: false, make: make)
}

/// Registers `T`, made once and then shared by everyone who resolves it.
public func single<T: Sendable>(_ make: @escaping @Sendable (Resolver) throws -> T) -> Registration {
    Registration(key: String(reflecting: T.self), name: String(describing: T.self), isSingle: true, make: make)
}

/// Lets a module list its registrations one per line, with no commas.
@resultBuilder
public enum ModuleBuilder {
    public static func buildBlock(_ registrations: Registration...) -> [Registration] {
        registrations
    }
}

/// A group of registrations, written as `Module { single { … }; factory { … } }`.
public struct Module: Sendable {
    let registrations: [Registration]

    public init(@ModuleBuilder _ content: () -> [Registration]) {
        registrations = content()
    }
}

/// Why a value could not be made, in words that name the types involved.
public enum ResolutionError: Error, CustomStringConvertible {
    case missing(String, requestedBy: String?)
    case cycle([String])

    public var description: String {
        switch self {
        case .missing(let name, requestedBy: nil):
            "Nothing is registered for \(name) (resolved directly)."
        case .missing(let name, requestedBy: let requester?):
            "Nothing is registered for \(name), which \(requester) needs."
        case .cycle(let names):
            "These registrations need each other: \(names.joined(separator: " → "))."
        }
    }
}

/// The value a `single` made, if any. Its lock is held while the value is made, so concurrent
/// resolves wait for the first one instead of making their own.
final class SingleBox: Sendable {
    let value = Mutex<(any Sendable)?>(nil)
}

/// Makes what its modules register. When two modules register the same type, the later wins.
public final class Container: Sendable {
    private let registrations: [String: Registration]
    private let singles: [String: SingleBox]

    public convenience init(_ modules: Module...) {
        self.init(modules.flatMap(\.registrations))
    }

    private init(_ list: [Registration]) {
        var registrations: [String: Registration] = [:]
        for registration in list { registrations[registration.key] = registration }
        self.registrations = registrations
        singles = registrations.filter(\.value.isSingle).mapValues { _ in SingleBox() }
    }

    /// A child container: `module` wins over what this one registers, and this one is unchanged.
    /// The child keeps singles of its own, since an override may change what they are made of.
    public func overriding(_ module: Module) -> Container {
        Container(Array(registrations.values) + module.registrations)
    }

    /// The value registered for `type`.
    public func resolve<T>(_ type: T.Type) throws -> T {
        try resolve(type, chain: [])
    }

    /// Makes every registration once, so a missing or cyclic dependency fails a test, not a launch.
    public func verify() throws {
        for registration in registrations.values { _ = try make(registration, chain: []) }
    }

    func resolve<T>(_ type: T.Type, chain: [Registration]) throws -> T {
        guard let registration = registrations[String(reflecting: type)] else {
            throw ResolutionError.missing(String(describing: type), requestedBy: chain.last?.name)
        }
        return try make(registration, chain: chain) as! T
    }

    private func make(_ registration: Registration, chain: [Registration]) throws -> any Sendable {
        if let start = chain.firstIndex(where: { $0.key == registration.key }) {
            throw ResolutionError.cycle((chain[start...] + [registration]).map(\.name))
        }
        let resolver = Resolver(container: self, chain: chain + [registration])
        guard let box = singles[registration.key] else { return try registration.make(resolver) }
        return try box.value.withLock { value in
            if let value { return value }
            let made = try registration.make(resolver)
            value = made
            return made
        }
    }
}
