/// The words on a rocket launch's big screen.
public struct LaunchScreen {
    public init() {}

    /// The welcome line for the crew member called `name`.
    public func welcome(_ name: String) -> String {
        "Hello, world!"
    }

    /// The lines of the countdown: "3", "2", "1", then "Lift-off!".
    public func countdown(from start: Int) -> [String] {
        var lines: [String] = []
        var count = start
        while count > 0 {
            lines.append(String(count))
        }
        lines.append("Lift-off!")
        return lines
    }
}
