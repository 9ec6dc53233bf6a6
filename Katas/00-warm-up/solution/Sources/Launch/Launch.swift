/// The words on a rocket launch's big screen.
public struct LaunchScreen {
    public init() {}

    /// The welcome line for the crew member called `name`.
    public func welcome(_ name: String) -> String {
        "Welcome aboard, \(name)!"
    }

    /// The lines of the countdown: "3", "2", "1", then "Lift-off!".
    public func countdown(from start: Int) -> [String] {
        var lines: [String] = []
        var count = start
        while count > 0 {
            lines.append(String(count))
            count -= 1
        }
        lines.append("Lift-off!")
        return lines
    }

    /// The last line on the screen, once the rocket has gone.
    public func farewell(_ name: String) -> String {
        "Safe travels, \(name)."
    }
}
