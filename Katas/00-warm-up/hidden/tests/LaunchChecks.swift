import Launch
import Testing

@Test func welcomesByName() {
    let line = LaunchScreen().welcome("Ada")
    Expect.that(line == "Welcome aboard, Ada!", "welcome(\"Ada\") returned \"\(line)\".")
}

@Test func countsDownToLiftOff() {
    let lines = LaunchScreen().countdown(from: 3)
    Expect.that(lines == ["3", "2", "1", "Lift-off!"], "countdown(from: 3) returned \(lines).")
    let none = LaunchScreen().countdown(from: 0)
    Expect.that(none == ["Lift-off!"], "countdown(from: 0) returned \(none); with nothing to count, only \"Lift-off!\" is left.")
}
