import KataSupport

// The "operating system" starts Shelf by calling this closure once, with a token that only it
// can create. One call hands the token's terminal to the composition root.
// The root lives as long as the app.
var composer = AppComposer()
Launcher.launch { composer.start(in: $0.terminal) }
