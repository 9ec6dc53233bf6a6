import Reports
import Resolver
import Testing

/// Reports with their dependencies handed over: nothing is registered anywhere, and two
/// reports side by side each use their own.
@Test func explicitDependenciesNeedNoLocator() async {
    ServiceResolver.shared.removeAll()
    let mayAnalytics = AnalyticsSpy()
    let juneAnalytics = AnalyticsSpy()
    let may = ReportService(title: "May", analytics: mayAnalytics, store: FinishedTitles(["Piranesi", "Kindred"]))
    let june = ReportService(title: "June", analytics: juneAnalytics, store: FinishedTitles([]))

    #expect(await may.summary() == "May: 2 finished\n• Piranesi\n• Kindred")
    #expect(await june.summary() == "June: 0 finished")
    #expect(await may.summary() == "May: 2 finished\n• Piranesi\n• Kindred")
    Expect.that(mayAnalytics.events == ["report viewed: May", "report viewed: May"], "May's events: \(mayAnalytics.events)")
    Expect.that(juneAnalytics.events == ["report viewed: June"], "June's events: \(juneAnalytics.events)")
}
