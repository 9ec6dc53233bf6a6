import KataSupport

// The "operating system" starts Shelf by calling this closure once, with a token that only it
// can create.
Launcher.launch { _ in
    print("TODO: compose Shelf and show the sign-in screen.")
}
