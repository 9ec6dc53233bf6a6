/// A property that asks `ServiceResolver.shared` for its value, every time it is read.
@propertyWrapper
public struct Resolved<Service>: Sendable {
    public init() {}

    public var wrappedValue: Service? {
        ServiceResolver.shared.resolve(Service.self)
    }
}
