@testable import App
import Items
@_spi(Checks) import KataSupport
import Login
import Testing

// The lifestyles, through the root: who shares what, and for how long.

/// Two shelf screens of one session share the remembered books; a new sign-in starts over.
@MainActor
@Test func aSessionSharesOneRepository() async throws {
    let transport = shelfServer(user: "grace")
    let navigator = StackNavigator()
    let root = RootHolder(AppComposer(transport: transport))
    root.composer.start(navigator: navigator)
    try #require(await signIn("grace", on: navigator))
    let scope = try #require(root.composer.userScope, "after a sign-in the root should hold the user's scope")

    let first = scope.makeItemList()
    let second = scope.makeItemList()
    Expect.that(first !== second, "each shelf screen should be new (transient); the scope handed out the same one twice")
    await first.reload()
    await second.reload()
    await navigator.shelf?.reload()
    #expect(first.state == .loaded(shelfBooks))
    #expect(second.state == .loaded(shelfBooks))
    Expect.that(
        shelfRequests(transport) == 1,
        "three shelf screens of one session should ask the server once; they asked \(shelfRequests(transport)) times")

    root.composer.signOut()
    transport.respond(to: "/v2/session", with: Fixtures.sessionV2(user: "ada"))
    try #require(await signIn("ada", on: navigator))
    let next = try #require(root.composer.userScope, "after the second sign-in the root should hold a user scope")
    #expect(next.session.userName == "Ada")
    await next.makeItemList().reload()
    Expect.that(
        shelfRequests(transport) == 2,
        "a new sign-in should start with nothing remembered and ask the server again; the server was asked \(shelfRequests(transport)) times in all")
}

/// After sign-out nothing of the user is left: the scope, its repository and its screens go.
@MainActor
@Test func signingOutReleasesTheUserScope() async throws {
    let navigator = StackNavigator()
    let root = RootHolder(AppComposer(transport: shelfServer()))
    root.composer.start(navigator: navigator)
    try #require(await signIn("grace", on: navigator))

    weak var repository: ItemsRepository?
    weak var shelf: ItemListViewModel?
    weak var scope: AnyObject?
    do {
        let current = try #require(root.composer.userScope, "after a sign-in the root should hold the user's scope")
        repository = current.repository
        scope = current as AnyObject
        let onScreen = try #require(navigator.shelf, "after a sign-in the shelf should be on screen; it has \(navigator.names)")
        shelf = onScreen
        await onScreen.reload()
    }
    root.composer.signOut()
    await Task.yield()

    Expect.that(navigator.login != nil, "after sign-out the sign-in screen should be back; the navigator has \(navigator.names)")
    Expect.that(repository == nil, "after sign-out the user's repository (and the books in it) is still alive: who holds it?")
    Expect.that(shelf == nil, "after sign-out the user's shelf screen is still alive: who holds it?")
    Expect.that(scope == nil, "after sign-out the user's scope is still alive: look for a closure that captures it")
}

/// An app-wide part must not keep a user-wide one: the tracker of the second user tags the
/// second user's events.
@MainActor
@Test func theTrackerTagsTheCurrentUser() async throws {
    let analytics = AnalyticsSpy()
    let transport = shelfServer(user: "grace")
    let navigator = StackNavigator()
    let root = RootHolder(AppComposer(transport: transport, analytics: analytics))
    root.composer.start(navigator: navigator)
    try #require(await signIn("grace", on: navigator))
    root.composer.signOut()
    transport.respond(to: "/v2/session", with: Fixtures.sessionV2(user: "ada"))
    try #require(await signIn("ada", on: navigator))

    Expect.that(navigator.shelf != nil, "after the second sign-in the shelf should be on screen; it has \(navigator.names)")
    Expect.that(
        analytics.users == ["Grace", "Ada"],
        "each opened shelf should be tagged with the user signed in at the time; the events were tagged \(analytics.users)")
}

/// The root keeps the flow across a sign-out: the new sign-in screen still leads to the shelf.
@MainActor
@Test func theRootKeepsTheFlowAcrossSignOut() async throws {
    let transport = shelfServer(user: "grace")
    let navigator = StackNavigator()
    let root = RootHolder(AppComposer(transport: transport))
    root.composer.start(navigator: navigator)
    try #require(await signIn("grace", on: navigator))
    Expect.that(navigator.shelf != nil, "after signing in, the shelf should be pushed; the navigator has \(navigator.names)")

    root.composer.signOut()
    Expect.that(
        navigator.stack.count == 1 && navigator.login != nil,
        "sign-out should replace everything with the sign-in screen; the navigator has \(navigator.names)")
    transport.respond(to: "/v2/session", with: Fixtures.sessionV2(user: "ada"))
    try #require(await signIn("ada", on: navigator))
    Expect.that(
        navigator.shelf != nil,
        "signing in again after sign-out should push the shelf; the navigator has \(navigator.names). Nothing but the root and the navigator was kept: if the flow was made and dropped, nobody was left to push.")
}

/// A parent scope does not know its child: nothing the app scope holds, a few levels down and
/// whatever it is called, is a part of the signed-in user.
@MainActor
@Test func theAppScopeKnowsNoUser() async throws {
    let navigator = StackNavigator()
    let root = RootHolder(AppComposer(transport: shelfServer(), analytics: AnalyticsSpy()))
    root.composer.start(navigator: navigator)
    try #require(await signIn("grace", on: navigator))
    Expect.that(navigator.shelf != nil, "after signing in, the shelf should be pushed; the navigator has \(navigator.names)")

    let found = userParts(in: root.composer.app, path: "app")
    Expect.that(
        found.isEmpty,
        "the app scope holds a part of the signed-in user (\(found.joined(separator: ", "))): a parent scope outlives its child, so it must not keep it")
}

/// Walks `value`'s stored properties (through optionals) a few levels down, and names each one
/// that belongs to a signed-in user.
@MainActor
func userParts(in value: Any, path: String, depth: Int = 4) -> [String] {
    switch value {
    case is Session, is UserScope, is ItemsRepository, is ShelfTracker, is ItemListViewModel: return [path]
    default: break
    }
    guard depth > 0 else { return [] }
    return Mirror(reflecting: value).children.enumerated().flatMap { index, child in
        userParts(in: child.value, path: "\(path).\(child.label ?? String(index))", depth: depth - 1)
    }
}
