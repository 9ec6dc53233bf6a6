@testable import App
import Items
@_spi(Checks) import KataSupport
import Login

// Never called: the scopes and the root's entry points must exist with these shapes.
@MainActor
func contractScopesAPI(navigator: any Navigator) {
    let app = AppScope(transport: RecordingTransport(), analytics: NoAnalytics())
    let scope = UserScope(app: app, session: Session(token: "t", userName: "Grace"))
    let session: Session = scope.session
    let repository: ItemsRepository = scope.repository
    let shelf: ItemListViewModel = scope.makeItemList()
    _ = (session, repository, shelf)

    let composer = AppComposer(transport: RecordingTransport(), analytics: NoAnalytics())
    composer.start(navigator: navigator)
    let current: UserScope? = composer.userScope
    _ = current
    composer.signOut()
    _ = AppComposer()
}
