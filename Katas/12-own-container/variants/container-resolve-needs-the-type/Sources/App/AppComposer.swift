import Friends
import Items
import KataSupport
import Login
import ShelfDI

/// Shelf's composition root: the one place that knows every module and the only one that asks
/// the container for anything. Building only stores dependencies; nothing reaches the server
/// until a screen asks. It owns what it starts: the flow lives as long as the root.
@MainActor
final class AppComposer {
    /// Every service Shelf is made of, as `ShelfModule` registers them.
    let container: Container
    private var flow: AppFlow?

    /// Production uses the default transport; tests pass their own.
    init(transport: any Transport = TripwireTransport()) {
        container = Container(ShelfModule.production(transport: transport))
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator, makeLogin: makeLoginViewModel, makeItems: makeItemListViewModel)
    }

    /// Starts Shelf on `navigator` and keeps its flow, so the flow is still there to push the
    /// shelf once someone signs in.
    func start(navigator: any Navigator) {
        let flow = makeFlow(navigator: navigator)
        self.flow = flow
        flow.start()
    }

    func makeLoginViewModel(onSignedIn: @escaping (Session) -> Void) -> LoginViewModel {
        LoginViewModel(authenticate: resolve(), onSignedIn: onSignedIn)
    }

    func makeItemListViewModel(for session: Session) -> ItemListViewModel {
        let makeLoader: ItemsLoaderMaker = resolve()
        return ItemListViewModel(loader: makeLoader(token: session.token))
    }

    func makeFriendListViewModel(for session: Session) -> FriendListViewModel {
        let makeLoader: FriendsLoaderMaker = resolve()
        return FriendListViewModel(loader: makeLoader(token: session.token))
    }

    /// Untestable on purpose (only the launcher makes a token), so it does nothing but hand over.
    func launch(with token: LaunchToken) {
        start(navigator: ConsoleNavigator(terminal: token.terminal))
    }

    /// A graph that cannot be made is a bug of the root, not something a screen could handle.
    private func resolve<T>() -> T {
        do {
            return try container.resolve(T.self)
        } catch {
            preconditionFailure("Shelf's graph is incomplete: \(error)")
        }
    }
}
