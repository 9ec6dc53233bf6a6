extension Verdict {
    /// One compile error that stopped several checks: shown once, above the checks, instead of
    /// once under each of them.
    public struct BuildFailure: Equatable, Sendable {
        /// The compiler's text, as dikata reports it ("Your code does not compile yet (Login): …").
        public var message: String
        public var location: SourceLocation?
        public var advice: String?
        /// The checks it stopped, in the verdict's order.
        public var checkIDs: [String]
    }

    /// The compile error shared by two or more checks, if there is one (the most common when
    /// several are).
    public var sharedBuildFailure: BuildFailure? {
        var groups: [String: BuildFailure] = [:]
        var order: [String] = []
        for check in checks where check.status == .compileError {
            guard let message = check.message, !message.isEmpty else { continue }
            if groups[message] == nil {
                groups[message] = BuildFailure(
                    message: message, location: check.location, advice: check.advice, checkIDs: [])
                order.append(message)
            }
            groups[message]?.checkIDs.append(check.id)
        }
        let shared = order.compactMap { groups[$0] }.filter { $0.checkIDs.count >= 2 }
        return shared.max { $0.checkIDs.count < $1.checkIDs.count }
    }
}
