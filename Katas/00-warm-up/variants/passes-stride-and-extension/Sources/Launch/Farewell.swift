extension LaunchScreen {
    /// The last line on the screen.
    public func farewell(_ name: String) -> String {
        "Safe travels, \(name)."
    }
}
