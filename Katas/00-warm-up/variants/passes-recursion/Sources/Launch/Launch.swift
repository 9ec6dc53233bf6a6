/// The words on a rocket launch's big screen.
public struct LaunchScreen {
    public init() {}

    public func welcome(_ name: String) -> String {
        "Welcome aboard, \(name)!"
    }

    public func countdown(from start: Int) -> [String] {
        start <= 0 ? ["Lift-off!"] : [String(start)] + countdown(from: start - 1)
    }

    public func farewell(_ name: String = "crew") -> String {
        "Safe travels, \(name)."
    }
}
