import Synchronization

/// A registry of factories keyed by type: register a factory for a type, and anyone can ask for
/// that type later. One instance is shared by the whole process.
public final class ServiceResolver: Sendable {
    /// The registry every `@Resolved` property asks.
    public static let shared = ServiceResolver()

    /// Each factory as registered; a factory's own type says which service it makes.
    private let factories = Mutex<[any Sendable]>([])

    public init() {}

    /// From now on, `resolve(type)` calls `factory` (the latest registration for a type wins).
    public func register<Service>(_ type: Service.Type, factory: @escaping @Sendable () -> Service) {
        factories.withLock { $0.append(factory) }
    }

    /// A new value from the factory registered for `type`, or nil when there is none.
    public func resolve<Service>(_ type: Service.Type) -> Service? {
        let registered = factories.withLock { $0 }
        for case let make as @Sendable () -> Service in registered.reversed() {
            return make()
        }
        return nil
    }

    /// Forgets every registration.
    public func removeAll() {
        factories.withLock { $0.removeAll() }
    }
}
