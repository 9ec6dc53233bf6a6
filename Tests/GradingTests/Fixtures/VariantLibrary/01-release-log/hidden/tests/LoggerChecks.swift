import App
import Testing

@Test func theDefaultBuildLogsEverything() {
    #expect(Composer().makeLogger().log("hello") == "hello")
}

@Test func theReleaseBuildLogsNothing() {
    #expect(Composer().makeLogger().log("hello") == nil)
}
