import KataSupport

// The root lives as long as the app: it owns the flow it starts.
let composer = AppComposer()
Launcher.launch { composer.launch(with: $0) }
