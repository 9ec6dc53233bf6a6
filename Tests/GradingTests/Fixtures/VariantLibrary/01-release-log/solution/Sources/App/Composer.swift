public struct Composer: Sendable {
    public init() {}

    public func makeLogger() -> any Logger {
        #if RELEASE
            SilentLogger()
        #else
            DebugLogger()
        #endif
    }
}
