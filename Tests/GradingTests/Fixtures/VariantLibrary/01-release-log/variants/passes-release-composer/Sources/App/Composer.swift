#if !RELEASE
    public struct Composer: Sendable {
        public init() {}
        public func makeLogger() -> any Logger { DebugLogger() }
    }
#endif
