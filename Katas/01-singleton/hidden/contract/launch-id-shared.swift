import APIClient

// Never called: it only has to compile, from code that is on no actor and does not await, the
// way ServerAPIClient reads it while it builds a request.
func contractLaunchIDShared() -> String {
    requireSendable(LaunchID.self)
    let id: LaunchID = LaunchID.shared
    let value: String = id.value
    return value
}

private func requireSendable<T: Sendable>(_ type: T.Type) {}
