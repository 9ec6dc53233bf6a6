import KataSupport

Launcher.launch { AppComposer().launch(with: $0) }
