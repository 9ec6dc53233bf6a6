import DIKataCore
import Testing

@testable import Grading

/// The graph view's model: declarations read by the grader's Swift parser, then placed in
/// their targets. Milliseconds, no compiler.
@Suite struct PackageGraphTests {
    let package = LearnerPackage(
        name: "Shelf",
        targets: [
            .init(name: "APIClient", type: .regular, path: "Sources/APIClient", dependencies: ["KataSupport"]),
            .init(name: "Login", type: .regular, path: "Sources/Login", dependencies: []),
            .init(name: "App", type: .executable, path: "Sources/App", dependencies: ["APIClient", "Login"]),
            .init(name: "KataSupport", type: .regular, path: "Sources/KataSupport", dependencies: []),
        ])

    @Test func theParserSeesDeclarationsAsTheCompilerDoes() {
        let declarations = GraphDeclarations.read(
            """
            // class Commented {}
            let text = "struct InAString {}"
            public protocol Authenticating: Sendable { func logIn() async throws -> Session }
            public typealias Authenticate = @Sendable (Credentials) async throws -> Session
            public typealias Identifier = String
            #if DEBUG
            final class DebugOnly {}
            #endif
            struct Outer { enum Nested {} }
            extension Outer: Equatable {}
            """)
        #expect(declarations.map(\.name) == ["Authenticating", "Authenticate", "DebugOnly", "Outer", "Outer"])
        #expect(declarations.map(\.kind) == [.protocol, .functionType, .class, .struct, .extension])
        #expect(declarations[0].mentions.contains("Session"))
        #expect(declarations[1].mentions.contains("Credentials"))
        #expect(declarations[3].mentions.contains("Nested"))
    }

    @Test func anExtensionInAnotherTargetIsThatTargetsNodeNotTheTypes() {
        let graph = PackageGraph.make(
            package: package,
            declarations: [
                "Sources/APIClient/Client.swift": GraphDeclarations.read(
                    "public final class ServerAPIClient { let stamp = Stamp() }\nstruct Stamp {}"),
                "Sources/APIClient/Client+Retry.swift": GraphDeclarations.read(
                    "extension ServerAPIClient { func retry() -> Stamp { Stamp() } }"),
                "Sources/Login/Login.swift": GraphDeclarations.read(
                    "public protocol Authenticating {}\npublic final class LoginViewModel { let auth: any Authenticating }"
                ),
                "Sources/App/Adapters.swift": GraphDeclarations.read(
                    "extension ServerAPIClient: Authenticating { func logIn() -> LoginViewModel? { nil } }"),
                "Sources/KataSupport/Tripwire.swift": GraphDeclarations.read("public enum Tripwire {}"),
            ],
            hiding: ["KataSupport"])
        #expect(graph.targets.map(\.name) == ["APIClient", "Login", "App"])
        #expect(graph.targets[0].dependencies.isEmpty)
        let client = graph.type(named: "ServerAPIClient")
        #expect(client?.target == "APIClient")
        #expect(client?.kind == .class)
        #expect(client?.references == ["Stamp"])
        let adapter = graph.types.first { $0.kind == .extension }
        #expect(adapter?.target == "App")
        #expect(adapter?.references == ["ServerAPIClient", "Authenticating", "LoginViewModel"])
        #expect(graph.type(named: "LoginViewModel")?.references == ["Authenticating"])
        #expect(graph.type(named: "Tripwire") == nil)
    }
}
