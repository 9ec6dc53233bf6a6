import Launch

// Never called: it only has to compile.
func probeFarewell() -> String {
    LaunchScreen().farewell("Ada")
}
