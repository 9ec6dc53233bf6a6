import APIClient

// Never called: it only has to compile, from code that is not on any actor.
func contractInstallationIDShared() -> String {
    requireSendable(InstallationID.self)
    let id: InstallationID = InstallationID.shared
    return id.value
}

private func requireSendable<T: Sendable>(_ type: T.Type) {}
