import Login

// Must be rejected: a client that can be nil turns a forgotten assignment into a crash.
func negativeLoginClientNeverNil() {
    let screen = LoginViewModel()
    screen.client = nil
}
