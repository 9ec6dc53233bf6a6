@testable import App
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

/// Holds the root the way a real app's entry point does, for the whole run. A box, so
/// `start(navigator:)` may be a mutating method of a struct or a method of a class.
@MainActor
final class RootHolder {
    var composer: AppComposer

    init(_ composer: AppComposer) { self.composer = composer }
}

/// The root owns what it builds. An app keeps only its root (main.swift) and its window (here,
/// the navigator, which keeps the screens it shows); nobody else holds the flow. After sign-in
/// the flow must still be there to push the shelf.
@MainActor
@Test func theRootKeepsTheFlowItStarts() async {
    let navigator = RecordingNavigator()
    let root = RootHolder(AppComposer(transport: shelfServer()))
    root.composer.start(navigator: navigator)
    guard let login = navigator.shown.compactMap(\.loginScreen).last else {
        Expect.fail("start(navigator:) should show the sign-in screen; it showed \(names(navigator.shown)).")
        return
    }
    await signInAsGrace(on: login)
    Expect.that(
        navigator.pushed.compactMap(\.listScreen).count == 1,
        "After signing in, the shelf should be pushed; the flow pushed \(names(navigator.pushed)). Nothing but the root and the navigator was kept: if the flow was made and dropped, nobody was left to push.")
    withExtendedLifetime(root) {}
}
