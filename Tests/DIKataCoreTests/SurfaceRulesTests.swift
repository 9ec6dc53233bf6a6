import DIKataCore
import Testing

/// Surface rules judge what a module declares, whatever it is called: each test builds the
/// declarations a symbol graph would list for a small piece of Swift.
struct SurfaceRulesTests {
    typealias Declaration = APISurface.Declaration
    static let idType = "s:9APIClient14InstallationIDC"
    static let clientType = "s:9APIClient15ServerAPIClientC"

    func declaration(
        _ kind: String, _ path: [String], _ text: String, access: String = "public", types: [String] = [], line: Int = 1
    ) -> Declaration {
        Declaration(
            identifier: "s:\(path.joined())", kind: kind, access: access, path: path, declaration: text, types: types,
            file: "Sources/APIClient/File.swift", line: line)
    }

    var installationID: Declaration {
        Declaration(
            identifier: Self.idType, kind: "class", access: "public", path: ["InstallationID"],
            declaration: "final class InstallationID", types: [])
    }

    var singleton: [Declaration] {
        [
            installationID,
            declaration(
                "type.property", ["InstallationID", "shared"], "static let shared: InstallationID", types: [Self.idType]
            ),
            declaration("init", ["InstallationID", "init()"], "init()", access: "private"),
            declaration("property", ["InstallationID", "value"], "let value: String", types: ["s:SS"]),
        ]
    }

    let oneID = SurfaceRule.singleInstance(type: "InstallationID", except: ["InstallationID.shared"])

    @Test func aSingletonWithAPrivateInitializerHasOneInstance() {
        #expect(oneID.findings(in: [APISurface(module: "APIClient", declarations: singleton)]) == [])
    }

    @Test(arguments: [
        ("init", ["InstallationID", "init()"], "init()", "package"),
        ("type.method", ["InstallationID", "regenerated()"], "static func regenerated() -> InstallationID", "public"),
        ("type.property", ["InstallationID", "backup"], "static let backup: InstallationID", "public"),
        ("func", ["makeInstallationID()"], "func makeInstallationID() -> InstallationID", "package"),
        ("method", ["Device", "freshID()"], "func freshID() -> InstallationID", "public"),
    ])
    func anyOtherWayToGetOneIsASecondInstance(kind: String, path: [String], text: String, access: String) {
        let types = kind == "init" ? [] : [Self.idType]
        let extra = declaration(kind, path, text, access: access, types: types, line: 9)
        let findings = oneID.findings(in: [APISurface(module: "APIClient", declarations: singleton + [extra])])
        #expect(findings.count == 1)
        #expect(findings.first?.location == SourceLocation(file: "Sources/APIClient/File.swift", line: 9, column: 1))
        #expect(findings.first?.message.contains(text) == true)
    }

    @Test func internalFactoriesAndInstancePropertiesAreNotAnotherWayIn() {
        let internalFactory = declaration(
            "type.method", ["InstallationID", "make()"], "static func make() -> InstallationID", access: "internal",
            types: [Self.idType])
        let heldByAScreen = declaration(
            "property", ["LoginViewModel", "installationID"], "let installationID: InstallationID", types: [Self.idType]
        )
        let surface = APISurface(module: "APIClient", declarations: singleton + [internalFactory, heldByAScreen])
        #expect(oneID.findings(in: [surface]) == [])
    }

    var client: [Declaration] {
        [
            Declaration(
                identifier: Self.clientType, kind: "class", access: "public", path: ["ServerAPIClient"],
                declaration: "open class ServerAPIClient", types: []),
            declaration("property", ["ServerAPIClient", "baseURL"], "let baseURL: URL", access: "private"),
            declaration(
                "type.property", ["ServerAPIClient", "shared"], "static let shared: ServerAPIClient",
                types: [Self.clientType]),
            // `@TaskLocal static var current` is listed as a read-only property.
            declaration(
                "type.property", ["ServerAPIClient", "current"], "static var current: ServerAPIClient { get }",
                types: [Self.clientType]),
        ]
    }

    @Test func constantsOfImmutableTypesAndTaskLocalsAreNotMutableState() {
        #expect(
            SurfaceRule.noMutableStaticState.findings(in: [APISurface(module: "APIClient", declarations: client)]) == []
        )
    }

    @Test(arguments: [
        "nonisolated(unsafe) static var production: ServerAPIClient",
        "@MainActor static var override: ServerAPIClient?",
        "static var shared: ServerAPIClient { get set }",
    ])
    func aVariableOfAnyNameIsMutableState(_ text: String) {
        let variable = declaration(
            "type.property", ["ServerAPIClient", "x"], text, access: "private", types: [Self.clientType])
        let findings = SurfaceRule.noMutableStaticState.findings(
            in: [APISurface(module: "APIClient", declarations: client + [variable])])
        #expect(findings.map(\.message).contains { $0.contains("can be reassigned") })
    }

    @Test func aConstantWhoseContentsCanBeSwappedIsMutableState() {
        let mutex = declaration(
            "type.property", ["ServerAPIClient", "replacement"], "static let replacement: Mutex<ServerAPIClient?>",
            types: ["s:15Synchronization5MutexV", Self.clientType])
        let holder = Declaration(
            identifier: "s:9APIClient6HolderC", kind: "class", access: "internal", path: ["Holder"],
            declaration: "final class Holder", types: [])
        let inside = declaration(
            "property", ["Holder", "client"], "var client: ServerAPIClient", access: "private", types: [Self.clientType]
        )
        let global = declaration(
            "var", ["holder"], "let holder: Holder", access: "internal", types: ["s:9APIClient6HolderC"])
        let findings = SurfaceRule.noMutableStaticState.findings(
            in: [APISurface(module: "APIClient", declarations: client + [mutex, holder, inside, global])])
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.message.contains("contents can be swapped") })
    }

    @Test func aCacheOfPlainValuesIsNotASwappableDependency() {
        let cache = Declaration(
            identifier: "s:9APIClient5CacheC", kind: "class", access: "internal", path: ["Cache"],
            declaration: "final class Cache", types: [])
        let entries = declaration(
            "property", ["Cache", "entries"], "var entries: [String : Data]", access: "private",
            types: ["s:SS", "s:10Foundation4DataV"])
        let shared = declaration(
            "type.property", ["ServerAPIClient", "cache"], "static let cache: Cache", types: ["s:9APIClient5CacheC"])
        let counter = declaration(
            "type.property", ["ServerAPIClient", "requests"], "static let requests: Mutex<Int>",
            types: ["s:15Synchronization5MutexV", "s:Si"])
        let findings = SurfaceRule.noMutableStaticState.findings(
            in: [APISurface(module: "APIClient", declarations: client + [cache, entries, shared, counter])])
        #expect(findings == [])
    }

    @Test func aTaskLocalIsFoundByWhatTheCompiledCodeUsesWhateverItsName() {
        let ambient = declaration(
            "type.property", ["ServerAPIClient", "ambient"], "static var ambient: ServerAPIClient { get }",
            types: [Self.clientType], line: 17)
        let symbols = [
            "static APIClient.ServerAPIClient.$ambient : Swift.TaskLocal<APIClient.ServerAPIClient>",
            "Swift.TaskLocal.__allocating_init(wrappedValue: A) -> Swift.TaskLocal<A>",
        ]
        let findings = SurfaceRule.noTaskLocal.findings(
            in: [APISurface(module: "APIClient", declarations: client + [ambient], objectSymbols: symbols)])
        #expect(findings.count == 1)
        #expect(
            findings.first?.message.contains(
                "@TaskLocal static var ambient: ServerAPIClient` (ServerAPIClient.ambient)") == true)
        #expect(findings.first?.location?.line == 17)
        #expect(SurfaceRule.noTaskLocal.findings(in: [APISurface(module: "APIClient", declarations: client)]) == [])
    }

    static let screenType = "s:5Login0A9ViewModelC"
    let needsAuthenticate = SurfaceRule.needsDependency(
        type: "LoginViewModel", dependency: "Authenticate", anyFunction: true)

    func screen(_ extra: Declaration) -> [APISurface] {
        let type = Declaration(
            identifier: Self.screenType, kind: "class", access: "public", path: ["LoginViewModel"],
            declaration: "final class LoginViewModel", types: [])
        return [APISurface(module: "Login", declarations: [type, extra])]
    }

    @Test(arguments: [
        ("init", "init(authenticate: @escaping Authenticate)"),
        ("init", "init(authenticate: @escaping Authenticate, clock: @escaping () -> Date = Date.init)"),
        ("init", "convenience init(title: String = \"Sign in\", authenticate: @escaping LoginViewModel.Authenticate)"),
        ("type.method", "static func make(authenticate: @escaping Authenticate) -> LoginViewModel"),
        // The alias spelled out is the same dependency.
        ("init", "init(authenticate: @escaping (String, String) -> Bool)"),
    ])
    func everyWayInTakesTheDependency(kind: String, text: String) {
        let path =
            kind == "init" ? ["LoginViewModel", "init(authenticate:)"] : ["LoginViewModel", "make(authenticate:)"]
        let way = declaration(kind, path, text, types: kind == "init" ? [] : [Self.screenType])
        #expect(needsAuthenticate.findings(in: screen(way)) == [])
    }

    @Test(arguments: [
        ("init", "init()"),
        ("init", "init(authenticate: @escaping Authenticate = { _, _ in true })"),
        ("init", "convenience init(staging: Bool)"),
        ("init", "init(check: @escaping (String, String) -> Bool = { _, _ in true })"),
        ("type.method", "static func preview() -> LoginViewModel"),
        ("type.property", "static let preview: LoginViewModel"),
    ])
    func aWayInWithoutTheDependencyIsFound(kind: String, text: String) {
        let path = kind == "init" ? ["LoginViewModel", "init()"] : ["LoginViewModel", "preview"]
        let way = declaration(kind, path, text, types: kind == "init" ? [] : [Self.screenType])
        let findings = needsAuthenticate.findings(in: screen(way))
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("without the caller choosing its Authenticate") == true)
    }

    @Test func aCoreThatNamesAFeatureTypeKnowsThatFeatureWhateverTheEndpointIsCalled() {
        let rule = SurfaceRule.noMention(types: ["User"])
        let core = [
            // Models may stay in the core: the type and its own members are not "about" it.
            declaration("struct", ["User"], "struct User"),
            declaration("property", ["User", "name"], "let name: String"),
            declaration(
                "method", ["ServerAPIClient", "execute(_:completion:)"],
                "func execute<Response>(_ request: APIRequest, completion: @escaping @Sendable (Result<Response, APIError>) -> Void) where Response : Decodable, Response : Sendable"
            ),
            declaration("method", ["ServerAPIClient", "userAgent()"], "func userAgent() -> String"),
        ]
        #expect(rule.findings(in: [APISurface(module: "APIClient", declarations: core)]) == [])
        let renamed = declaration(
            "method", ["ServerAPIClient", "authenticate(as:secret:completion:)"],
            "func authenticate(as name: String, secret: String, completion: @escaping @Sendable (Result<User, APIError>) -> Void)",
            line: 30)
        let hidden = declaration(
            "method", ["ServerAPIClient", "session()"], "func session() -> User", access: "private")
        let findings = rule.findings(in: [APISurface(module: "APIClient", declarations: core + [renamed, hidden])])
        #expect(findings.count == 2, "a private helper about User ties the core to Login too")
        #expect(findings.contains { $0.message.contains("authenticate(as:secret:completion:)") })
        #expect(findings.allSatisfy { $0.message.contains("is about User") })
    }

    @Test func aMemberOfAnExtensionConstrainedToAFeatureTypeIsAboutThatFeature() {
        let rule = SurfaceRule.noMention(types: ["Friend"])
        var recipe = declaration(
            "type.method", ["Endpoint", "followed(token:)"], "static func followed(token: String) -> Self",
            access: "package", line: 12)
        recipe.constraints = ["Response == [Friend]"]
        var generic = declaration("type.method", ["Endpoint", "get(_:)"], "static func get(_ path: String) -> Self")
        generic.constraints = ["Response: Decodable"]
        let findings = rule.findings(in: [APISurface(module: "APIClient", declarations: [recipe, generic])])
        #expect(
            findings.map(\.message) == [
                "Sources/APIClient/File.swift:12: `static func followed(token: String) -> Self where Response == [Friend]` (Endpoint.followed(token:)) is about Friend"
            ])
    }

    @Test(arguments: [
        ("var client: ServerAPIClient?", true), ("var client: ServerAPIClient!", true),
        ("var api: Optional<ServerAPIClient>", true), ("private var storage: ServerAPIClient?", true),
        ("var client: ServerAPIClient", false), ("var client: ServerAPIClient { get set }", false),
        ("var title: String?", false),
    ])
    func anOptionalDependencyOfAnyNameIsFound(text: String, found: Bool) {
        let rule = SurfaceRule.neverOptional(type: "LoginViewModel", dependency: "ServerAPIClient")
        let property = declaration("property", ["LoginViewModel", "x"], text, access: "private")
        let findings = rule.findings(in: [APISurface(module: "Login", declarations: [property])])
        #expect(findings.isEmpty != found, "\(text)")
    }
}
