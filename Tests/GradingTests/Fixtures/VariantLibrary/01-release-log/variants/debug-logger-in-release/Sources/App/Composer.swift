public struct Composer: Sendable {
    public init() {}

    public func makeLogger() -> any Logger {
        // The same logger whatever the build.
        DebugLogger()
    }
}
