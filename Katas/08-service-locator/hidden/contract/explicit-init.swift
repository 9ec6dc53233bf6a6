import Reports

// Never called: a report can be made with every dependency handed over.
private struct ProbeAnalytics: Analytics {
    func track(_ event: String) {}
}

private struct ProbeStore: ReadingStore {
    func finishedTitles() async -> [String] { [] }
}

func contractExplicitInit() async -> String {
    await ReportService(title: "May", analytics: ProbeAnalytics(), store: ProbeStore()).summary()
}
