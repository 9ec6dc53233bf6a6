/// The words on a rocket launch's big screen.
public struct LaunchScreen {
    public init() {}

    public func welcome(_ name: String) -> String {
        "Hello, world!"
    }

    public func countdown(from start: Int) -> [String] {
        (1...max(start, 1)).reversed().filter { $0 <= start }.map(String.init) + ["Lift-off!"]
    }

    public func farewell(_ name: String) -> String {
        "Safe travels, \(name)."
    }
}
