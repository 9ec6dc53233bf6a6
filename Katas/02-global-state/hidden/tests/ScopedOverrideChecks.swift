import APIClient
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

@Test @MainActor func loginReadsTheCurrentClient() async {
    let (stub, transport) = stubClient(user: "ada")
    let login = loginScreen(user: "ada")
    let log = await tripwireLog {
        await ServerAPIClient.$current.withValue(stub) { await login.signIn() }
    }

    guard log.requests.isEmpty else {
        Expect.fail("\(reachedProduction("signIn()", log)), although a client was bound to ServerAPIClient.$current.")
        return
    }
    let sent = transport.requests.map(\.summary)
    Expect.that(sent == ["POST /session"], "signIn() should send one POST /session through the bound client; it sent \(sent).")
    let user = signedInUser(login.state)
    Expect.that(user == "ada", "Signing in through the bound client should succeed; the screen shows \(login.state).")
}

@Test @MainActor func itemsReadTheCurrentClient() async {
    let (stub, transport) = stubClient(user: "ada")
    let shelf = ItemListViewModel(session: Session(token: "token-ada", userName: "ada"))
    let log = await tripwireLog {
        await ServerAPIClient.$current.withValue(stub) { await shelf.reload() }
    }

    guard log.requests.isEmpty else {
        Expect.fail("\(reachedProduction("reload()", log)), although a client was bound to ServerAPIClient.$current.")
        return
    }
    let sent = transport.requests.map(\.summary)
    Expect.that(sent == ["GET /items"], "reload() should send one GET /items through the bound client; it sent \(sent).")
    let loaded = shelf.state == .loaded(fixtureItems())
    Expect.that(loaded, "Loading through the bound client should show its books; the screen shows \(shelf.state).")
}

/// One task binds a stub and stays suspended inside its scope while another task, which bound
/// nothing, looks: an override belongs to its task, not to the moment it is bound.
@Test @MainActor func overrideEndsWithItsScope() async {
    guard ServerAPIClient.current === ServerAPIClient.shared else {
        Expect.fail("With no override bound, ServerAPIClient.current should be ServerAPIClient.shared itself, not another client.")
        return
    }

    let (stub, _) = stubClient(user: "ada")
    // The bound task stays inside its scope until the other task has looked.
    let entered = Barrier(parties: 2)
    let looked = Barrier(parties: 2)
    let (boundSawStub, otherSawShared) = await withTaskGroup(of: (Int, Bool).self) { group in
        group.addTask {
            await ServerAPIClient.$current.withValue(stub) {
                await entered.arrive()
                await Task.yield()
                let sawStub = ServerAPIClient.current === stub
                await looked.arrive()
                return (0, sawStub)
            }
        }
        group.addTask {
            await entered.arrive()
            await Task.yield()
            let sawShared = ServerAPIClient.current === ServerAPIClient.shared
            await looked.arrive()
            return (1, sawShared)
        }
        var seen = [false, false]
        for await (index, ok) in group { seen[index] = ok }
        return (seen[0], seen[1])
    }
    Expect.that(boundSawStub, "Inside $current.withValue(stub), after a suspension, ServerAPIClient.current should still be the stub.")
    Expect.that(
        otherSawShared,
        "A task that bound nothing saw another task's client while that task was inside its withValue: the override is global, not the task's own.")

    let plainInside = ServerAPIClient.$current.withValue(stub) { ServerAPIClient.current === stub }
    Expect.that(plainInside, "Inside a plain (non-async) $current.withValue(stub), ServerAPIClient.current should be the stub.")
    let sharedAfter = ServerAPIClient.current === ServerAPIClient.shared
    Expect.that(
        sharedAfter,
        "After withValue returned, ServerAPIClient.current was not ServerAPIClient.shared: the override outlived its scope.")
}

@Test @MainActor func screensReadTheClientAtEveryCall() async {
    // The screen is made outside any override, then used inside two different ones.
    let login = loginScreen(user: "ada")
    let (first, firstTransport) = stubClient(user: "ada")
    let (second, secondTransport) = stubClient(user: "ada")
    let log = await tripwireLog {
        await ServerAPIClient.$current.withValue(first) { await login.signIn() }
        await ServerAPIClient.$current.withValue(second) { await login.signIn() }
    }

    let counts = [firstTransport.requests.count, secondTransport.requests.count, log.requests.count]
    let eachCallUsedItsClient = counts == [1, 1, 0]
    Expect.that(
        eachCallUsedItsClient,
        "One LoginViewModel signed in twice, under two different overrides: the first client got \(counts[0]) requests, the second \(counts[1]), production \(counts[2]). Each call should use the client that is current when it runs.")
}

private struct TaskOutcome: Sendable {
    var index: Int
    var overridden: Bool
    var signedInAs: String?
    var production: [String]
}

/// One of the 50 tasks: even tasks bind a client of their own, odd tasks bind nothing. Every
/// task waits at the barrier until all of them are inside their scope, so each has bound its
/// client and then suspended before any of them signs in.
@MainActor
private func signInFromTask(_ index: Int, barrier: Barrier) async -> TaskOutcome {
    let user = "user-\(index)"
    let overridden = index.isMultiple(of: 2)
    let login = loginScreen(user: user)
    let log = await tripwireLog {
        if overridden {
            await ServerAPIClient.$current.withValue(stubClient(user: user).client) {
                await barrier.arrive()
                await login.signIn()
            }
        } else {
            await barrier.arrive()
            await login.signIn()
        }
    }
    return TaskOutcome(
        index: index, overridden: overridden, signedInAs: signedInUser(login.state),
        production: log.requests.map(\.summary))
}

@Test func eachTaskSeesOnlyItsOwnOverride() async {
    let taskCount = 50
    let barrier = Barrier(parties: taskCount)
    let outcomes = await withTaskGroup(of: TaskOutcome.self) { group in
        for index in 0..<taskCount {
            group.addTask { await signInFromTask(index, barrier: barrier) }
        }
        var all: [TaskOutcome] = []
        for await outcome in group { all.append(outcome) }
        return all.sorted { $0.index < $1.index }
    }

    var problems: [String] = []
    for outcome in outcomes {
        let own = "user-\(outcome.index)"
        if outcome.overridden, !outcome.production.isEmpty {
            problems.append("task \(outcome.index) bound its own client, yet its signIn() reached the production server: \(outcome.production.joined(separator: ", "))")
        } else if outcome.overridden, outcome.signedInAs != own {
            problems.append("task \(outcome.index) bound its own client but signed in as \(outcome.signedInAs ?? "nobody")")
        } else if !outcome.overridden, let other = outcome.signedInAs {
            problems.append("task \(outcome.index) bound nothing, yet signed in as \(other) through another task's client")
        }
    }
    let everyTaskIsolated = problems.isEmpty
    Expect.that(
        everyTaskIsolated,
        "\(problems.count) of \(taskCount) concurrent tasks saw the wrong client: \(problems.prefix(3).joined(separator: "; ")).")
}
