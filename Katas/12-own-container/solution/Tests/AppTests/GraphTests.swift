@testable import App
import KataSupport
import Login
import Testing

/// Makes every registration of Shelf's production module once, then every screen the composer
/// offers (its requests are the graph's roots, which verify() does not see), over a transport
/// that answers nothing: building the graph must not need the server.
@MainActor
@Test func shelfsProductionGraphIsComplete() throws {
    let composer = AppComposer(transport: RecordingTransport())
    try composer.container.verify()
    let session = Session(token: "token", userName: "Ada")
    _ = composer.makeLoginViewModel { _ in }
    _ = composer.makeItemListViewModel(for: session)
    _ = composer.makeFriendListViewModel(for: session)
}
