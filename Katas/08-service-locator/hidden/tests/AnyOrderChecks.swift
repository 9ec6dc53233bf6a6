import LegacyWiring
import Reports
import Resolver
import Testing

/// How to read a body's answer once the whole order has run: a spy one body made must not
/// hear from the bodies after it.
typealias SuiteOutcome = @Sendable () -> String

/// The new suite's bodies (explicit doubles) and the old suite's (through the legacy
/// initializer, each cleaning up what it registered), run in three orders in one process:
/// each body must give the same answer whatever ran before it.
@Test func theSuitesGiveTheSameAnswersInAnyOrder() async {
    let bodies: [String: @Sendable () async -> SuiteOutcome] = [
        "new May": newSuiteMay, "new June": newSuiteJune, "old May": oldSuiteMay, "old June": oldSuiteJune,
    ]
    let orders = [
        ["new May", "new June", "old May", "old June"],
        ["old June", "old May", "new June", "new May"],
        ["old May", "new May", "old June", "new June"],
    ]
    var answers: [[String: String]] = []
    for order in orders {
        ServiceResolver.shared.removeAll()
        var outcomes: [String: SuiteOutcome] = [:]
        for name in order {
            guard let body = bodies[name] else { continue }
            outcomes[name] = await body()
        }
        answers.append(outcomes.mapValues { $0() })
    }
    ServiceResolver.shared.removeAll()
    for (order, answer) in zip(orders, answers).dropFirst() {
        for (name, first) in answers[0] where answer[name] != first {
            Issue.record(
                "\(name) answered \(first) run as \(orders[0].joined(separator: ", ")), but \(answer[name] ?? "nothing") run as \(order.joined(separator: ", "))"
            )
        }
    }
    #expect(answers[0]["new May"] == "May: 1 finished\n• Piranesi | [\"report viewed: May\"]")
    #expect(answers[0]["new June"] == "June: 0 finished | [\"report viewed: June\"]")
    #expect(answers[0]["old May"] == "May: 1 finished\n• Piranesi | [\"report viewed: May\"]")
}

private func newSuiteMay() async -> SuiteOutcome {
    let analytics = AnalyticsSpy()
    let summary = await ReportService(title: "May", analytics: analytics, store: FinishedTitles(["Piranesi"]))
        .summary()
    return { "\(summary) | \(analytics.events)" }
}

private func newSuiteJune() async -> SuiteOutcome {
    let analytics = AnalyticsSpy()
    let summary = await ReportService(title: "June", analytics: analytics, store: FinishedTitles([])).summary()
    return { "\(summary) | \(analytics.events)" }
}

/// The old suite's first test: registers both dependencies, then makes a report the old way.
private func oldSuiteMay() async -> SuiteOutcome {
    let resolver = ServiceResolver.shared
    let analytics = AnalyticsSpy()
    resolver.register((any ReadingStore).self) { FinishedTitles(["Piranesi"]) }
    resolver.register((any Analytics).self) { analytics }
    defer { resolver.removeAll() }
    let summary = await ReportService(title: "May").summary()
    return { "\(summary) | \(analytics.events)" }
}

/// The old suite's second test: registers only the store, as it always did.
private func oldSuiteJune() async -> SuiteOutcome {
    let resolver = ServiceResolver.shared
    resolver.register((any ReadingStore).self) { FinishedTitles([]) }
    defer { resolver.removeAll() }
    let summary = await ReportService(title: "June").summary()
    return { summary }
}
