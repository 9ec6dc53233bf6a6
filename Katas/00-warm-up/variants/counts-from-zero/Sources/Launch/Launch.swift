/// The words on a rocket launch's big screen.
public struct LaunchScreen {
    public init() {}

    public func welcome(_ name: String) -> String {
        "Welcome aboard, \(name)!"
    }

    public func countdown(from start: Int) -> [String] {
        stride(from: start, through: 0, by: -1).map(String.init) + ["Lift-off!"]
    }

    public func farewell(_ name: String) -> String {
        "Safe travels, \(name)."
    }
}
