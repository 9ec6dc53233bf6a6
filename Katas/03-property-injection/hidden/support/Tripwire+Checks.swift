@_spi(Checks) import KataSupport

/// Runs `body` with a fresh tripwire log and returns every place that reached production
/// networking meanwhile.
func productionCalls(during body: () async -> Void) async -> [CallSite] {
    let log = TripwireLog()
    await Tripwire.logBinding.withValue(log) {
        await body()
    }
    return log.sites
}

/// The failure message for call sites that reached the real client although a stub was set.
func leakReport(_ sites: [CallSite], viewModel: String) -> String {
    guard let first = sites.first else { return "" }
    let more = sites.count > 1 ? " (and \(sites.count - 1) more call\(sites.count == 2 ? "" : "s"))" : ""
    return "\(first) still reaches the real ServerAPIClient (.shared) although a stub was set as the \(viewModel)'s client\(more)."
}
