extension Greeter {
    public static func legacyGreeting() -> String { "hello" }
}
