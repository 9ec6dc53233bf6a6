import LegacyWiring
import Reports
import Resolver
import Testing

/// The old ReportService(title:) call sites: they resolve through the locator, once per
/// report they make, and never again while the report works.
@Test func theLegacyInitResolvesOncePerReport() async {
    let resolver = ServiceResolver.shared
    let calls = CallCounter()
    resolver.register((any Analytics).self) {
        calls.bump("analytics")
        return AnalyticsSpy()
    }
    resolver.register((any ReadingStore).self) {
        calls.bump("store")
        return FinishedTitles(["Piranesi"])
    }
    defer { resolver.removeAll() }

    let may = ReportService(title: "May")
    let june = ReportService(title: "June")
    Expect.that(calls["analytics"] == 2 && calls["store"] == 2, "making two reports should resolve each dependency twice")
    _ = await may.summary()
    _ = await may.summary()
    #expect(await june.summary() == "June: 1 finished\n• Piranesi")
    Expect.that(
        calls["analytics"] == 2 && calls["store"] == 2,
        "using the reports should resolve nothing more; analytics \(calls["analytics"]), store \(calls["store"])")
}
