import KataSupport

// The root lives as long as the app, and the launcher calls straight into it.
let root = AppComposer.init()
Launcher.launch(root.launch(with:))
