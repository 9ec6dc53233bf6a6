@testable import APIClient

// Must be rejected: nobody outside InstallationID may make a second one, not even code in
// the same module (which is what @testable gives this probe).
func negativeSecondInstallationID() -> InstallationID {
    InstallationID()
}
