import Launch
import Testing

@Test func saysFarewell() {
    let line = LaunchScreen().farewell("Grace")
    Expect.that(line == "Safe travels, Grace.", "farewell(\"Grace\") returned \"\(line)\".")
}
