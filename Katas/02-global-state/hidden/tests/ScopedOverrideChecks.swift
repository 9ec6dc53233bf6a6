import APIClient
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

@Test func loginReadsTheCurrentClient() async {
    let (stub, transport) = stubClient(user: "ada")
    var state = LoginViewModel.State.editing
    let log = await tripwireLog {
        await ServerAPIClient.$current.withValue(stub) {
            let login = loginScreen(user: "ada")
            await login.signIn()
            state = login.state
        }
    }

    if let site = log.hits.first {
        Issue.record("\(site) still called the production client (ServerAPIClient.shared) although a client was bound to ServerAPIClient.$current.")
        return
    }
    let paths = transport.requests.map(\.path)
    #expect(paths == ["/session"], "Sign-in should send one POST /session through the bound client; it sent \(paths).")
    let user = signedInUser(state)
    #expect(user == "ada", "Signing in through the bound client should succeed; the screen shows \(state).")
}

@Test func itemsReadTheCurrentClient() async {
    let (stub, transport) = stubClient(user: "ada")
    var state = ItemListViewModel.State.empty
    let log = await tripwireLog {
        await ServerAPIClient.$current.withValue(stub) {
            let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
            await shelf.reload()
            state = shelf.state
        }
    }

    if let site = log.hits.first {
        Issue.record("\(site) still called the production client (ServerAPIClient.shared) although a client was bound to ServerAPIClient.$current.")
        return
    }
    let paths = transport.requests.map(\.path)
    #expect(paths == ["/items"], "reload() should send one GET /items through the bound client; it sent \(paths).")
    let loaded = state == .loaded(Fixtures.items.map { Item(id: $0.id, title: $0.title) })
    #expect(loaded, "Loading through the bound client should show its items; the screen shows \(state).")
}

@Test func overrideEndsWithItsScope() async {
    guard ServerAPIClient.current === ServerAPIClient.shared else {
        Issue.record("With no override bound, ServerAPIClient.current should be ServerAPIClient.shared itself, not another client.")
        return
    }

    let (stub, _) = stubClient(user: "ada")
    let stubInside = ServerAPIClient.$current.withValue(stub) { ServerAPIClient.current === stub }
    #expect(stubInside, "Inside $current.withValue(stub), ServerAPIClient.current should be the stub.")
    let sharedAfter = ServerAPIClient.current === ServerAPIClient.shared
    #expect(
        sharedAfter,
        "After withValue returned, ServerAPIClient.current was not ServerAPIClient.shared: the override outlived its scope.")
}

@Test func screensReadTheClientAtEveryCall() async {
    // The screen is made outside any override, then used inside two different ones.
    let login = loginScreen(user: "ada")
    let (first, firstTransport) = stubClient(user: "ada")
    let (second, secondTransport) = stubClient(user: "ada")
    let log = await tripwireLog {
        await ServerAPIClient.$current.withValue(first) { await login.signIn() }
        await ServerAPIClient.$current.withValue(second) { await login.signIn() }
    }

    let counts = [firstTransport.requests.count, secondTransport.requests.count, log.hits.count]
    let eachCallUsedItsClient = counts == [1, 1, 0]
    #expect(
        eachCallUsedItsClient,
        "One LoginViewModel signed in twice, under two different overrides: the first client got \(counts[0]) requests, the second \(counts[1]), production \(counts[2]). Each call should use the client that is current when it runs.")
}

private struct TaskOutcome: Sendable {
    var index: Int
    var overridden: Bool
    var signedInAs: String?
    var productionHits: [CallSite]
}

@Test func eachTaskSeesOnlyItsOwnOverride() async {
    let taskCount = 50
    let barrier = Barrier(parties: taskCount)
    let outcomes = await withTaskGroup(of: TaskOutcome.self) { group in
        for index in 0..<taskCount {
            group.addTask {
                // Even tasks bind a stub of their own, odd tasks bind nothing. Every task waits
                // at the barrier until all are inside their scope, then signs in.
                let user = "user-\(index)"
                let overridden = index.isMultiple(of: 2)
                var signedInAs: String?
                let log = await tripwireLog {
                    if overridden {
                        signedInAs = await ServerAPIClient.$current.withValue(stubClient(user: user).client) {
                            let login = loginScreen(user: user)
                            await barrier.arrive()
                            await login.signIn()
                            return signedInUser(login.state)
                        }
                    } else {
                        let login = loginScreen(user: user)
                        await barrier.arrive()
                        await login.signIn()
                        signedInAs = signedInUser(login.state)
                    }
                }
                return TaskOutcome(index: index, overridden: overridden, signedInAs: signedInAs, productionHits: log.hits)
            }
        }
        var all: [TaskOutcome] = []
        for await outcome in group { all.append(outcome) }
        return all.sorted { $0.index < $1.index }
    }

    var problems: [String] = []
    for outcome in outcomes {
        let own = "user-\(outcome.index)"
        if outcome.overridden, let site = outcome.productionHits.first {
            problems.append("task \(outcome.index) bound its own client, but \(site) called the production client")
        } else if outcome.overridden, outcome.signedInAs != own {
            problems.append("task \(outcome.index) bound its own client but signed in as \(outcome.signedInAs ?? "nobody")")
        } else if !outcome.overridden, let other = outcome.signedInAs {
            problems.append("task \(outcome.index) bound nothing, yet signed in as \(other) through another task's client")
        }
    }
    let everyTaskIsolated = problems.isEmpty
    #expect(
        everyTaskIsolated,
        "\(problems.count) of \(taskCount) concurrent tasks saw the wrong client: \(problems.prefix(3).joined(separator: "; ")).")
}
