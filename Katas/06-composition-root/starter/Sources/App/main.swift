import KataSupport

// The "operating system" starts Shelf by calling this closure once, with a token only it can
// make. Until there is a composition root, the app runs its old script instead.
Launcher.launch { _ in
    print("TODO: compose Shelf, show the sign-in screen, and show the shelf after sign-in.")
}
await runShelf()
