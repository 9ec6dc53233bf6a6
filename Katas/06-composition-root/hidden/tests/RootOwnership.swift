@testable import App
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

/// Holds the root the way a real app's entry point does, for the whole run. A box, so the
/// learner's `start(navigator:)` may be a mutating method of a struct or a method of a class.
final class RootHolder {
    var composer: AppComposer

    init(_ composer: AppComposer) { self.composer = composer }
}

/// The root owns what it builds. An app keeps only its root (main) and its window (here, the
/// navigator, which keeps the screens it shows); nobody else holds the flow. After sign-in the
/// flow must still be there to push the list.
@Test func theRootKeepsTheFlowItStarts() async {
    let transport = RecordingTransport([
        "/session": .success(HTTPResponse(status: 200, body: Fixtures.sessionJSON)),
        "/items": .success(HTTPResponse(status: 200, body: Fixtures.itemsJSON)),
    ])
    let navigator = RecordingNavigator()
    let root = RootHolder(AppComposer(transport: transport))
    root.composer.start(navigator: navigator)
    guard let login = navigator.shown.compactMap(\.loginScreen).last else {
        Issue.record("start(navigator:) should show the sign-in screen; it showed \(navigator.shown.map(\.screenName)).")
        return
    }
    login.userName = "ann@example.com"
    login.password = "secret"
    await login.signIn()
    #expect(
        navigator.pushed.compactMap(\.listScreen).count == 1,
        "After signing in, the list screen should be pushed; the flow pushed \(navigator.pushed.map(\.screenName)). Nothing but the root and the navigator was kept: if the flow was made and dropped, nobody was left to push.")
    withExtendedLifetime(root) {}
}
