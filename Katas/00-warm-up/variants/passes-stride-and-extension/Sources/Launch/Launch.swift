/// The words on a rocket launch's big screen.
public struct LaunchScreen {
    public init() {}

    public func welcome(_ name: String) -> String {
        ["Welcome aboard", name].joined(separator: ", ") + "!"
    }

    public func countdown(from start: Int) -> [String] {
        stride(from: start, to: 0, by: -1).map { "\($0)" } + ["Lift-off!"]
    }
}
