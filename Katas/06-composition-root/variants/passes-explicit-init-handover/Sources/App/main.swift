import KataSupport

// The "operating system" starts Shelf by calling this closure once, with a token that only it
// can create. The root takes over in one call.
Launcher.launch { token in AppComposer.init().launch(with: token) }
