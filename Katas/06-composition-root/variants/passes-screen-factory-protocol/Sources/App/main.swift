import KataSupport

// The "operating system" starts Shelf by calling this closure once, with a token that only it
// can create. The root takes it from here.
Launcher.launch { token in
    AppComposer().run(token)
}
