import Login

// Must not compile: a sign-in screen without its authenticator hides the dependency again.
func negativeLoginNeedsAuthenticate() {
    _ = LoginViewModel()
}
