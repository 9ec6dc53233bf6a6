extension Greeter {
    public static func shout() -> String { greeting(.loud) }
}
