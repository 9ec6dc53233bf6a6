/// Something product wants to count, and who did it.
struct AnalyticsEvent: Sendable, Equatable {
    var name: String
    /// The display name of the signed-in user.
    var user: String
}

/// Where analytics events go. The app sends them nowhere yet; the checks record them.
protocol AnalyticsSink: Sendable {
    func send(_ event: AnalyticsEvent)
}

/// The production sink, until product chooses a vendor: it drops every event.
struct NoAnalytics: AnalyticsSink {
    func send(_ event: AnalyticsEvent) {}
}

/// Tags each event with one user's name, so the screens never have to know who is signed in.
final class ShelfTracker: Sendable {
    let user: String
    private let sink: any AnalyticsSink

    init(user: String, sink: any AnalyticsSink) {
        self.user = user
        self.sink = sink
    }

    /// A shelf screen was opened.
    func shelfOpened() {
        sink.send(AnalyticsEvent(name: "shelf opened", user: user))
    }
}
