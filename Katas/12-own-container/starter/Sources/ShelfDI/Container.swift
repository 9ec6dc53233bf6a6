/// What a registration's closure is handed: a way to ask for its own dependencies.
public struct Resolver: Sendable {
    let container: Container

    /// The value registered for `T`, made by its registration.
    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        try container.resolve(type)
    }
}

/// One line of a module: the type it makes, and how to make it.
public struct Registration: Sendable {
    /// The type's full name (`String(reflecting:)`), unique for each type.
    let key: String
    let name: String
    let make: @Sendable (Resolver) throws -> any Sendable
}

/// Registers `T`, made anew on every resolve.
public func factory<T: Sendable>(_ make: @escaping @Sendable (Resolver) throws -> T) -> Registration {
    Registration(key: String(reflecting: T.self), name: String(describing: T.self), make: make)
}

/// Registers `T`, made once and then shared by everyone who resolves it.
///
/// Not yet: for now it makes a new one every time, like `factory`.
public func single<T: Sendable>(_ make: @escaping @Sendable (Resolver) throws -> T) -> Registration {
    factory(make)
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

/// Makes what its modules register. When two modules register the same type, the later wins.
public final class Container: Sendable {
    private let registrations: [String: Registration]

    public init(_ modules: Module...) {
        var registrations: [String: Registration] = [:]
        for registration in modules.flatMap(\.registrations) {
            registrations[registration.key] = registration
        }
        self.registrations = registrations
    }

    /// The value registered for `T`.
    public func resolve<T>(_ type: T.Type = T.self) throws -> T {
        guard let registration = registrations[String(reflecting: type)] else {
            fatalError("ShelfDI: nothing is registered for \(String(describing: type))")
        }
        return try registration.make(Resolver(container: self)) as! T
    }
}
