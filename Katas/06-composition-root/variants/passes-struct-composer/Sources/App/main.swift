import KataSupport

// The root lives as long as the app: it owns the flow it starts.
var composer = AppComposer()
Launcher.launch { composer.launch(with: $0) }
