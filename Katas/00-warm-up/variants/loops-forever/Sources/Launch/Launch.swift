/// The words on a rocket launch's big screen.
public struct LaunchScreen {
    public init() {}

    public func welcome(_ name: String) -> String {
        "Welcome aboard, \(name)!"
    }

    public func countdown(from start: Int) -> [String] {
        var lines: [String] = []
        var count = start
        while count > 0 {
            lines.append(String(count))
        }
        lines.append("Lift-off!")
        return lines
    }

    public func farewell(_ name: String) -> String {
        "Safe travels, \(name)."
    }
}
