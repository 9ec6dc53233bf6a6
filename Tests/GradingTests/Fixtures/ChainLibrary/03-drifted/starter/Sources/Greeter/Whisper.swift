extension Greeter {
    public static func whisper() -> String { greeting(.quiet) }
}
