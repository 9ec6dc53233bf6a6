import Launch
import Testing

@Test func saysFarewell() {
    let line = LaunchScreen().farewell("Grace")
    #expect(line == "Safe travels, Grace.", "farewell(\"Grace\") returned \"\(line)\".")
}
