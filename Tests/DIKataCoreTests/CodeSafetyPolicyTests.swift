import Testing

@testable import DIKataCore

/// The symbol and source policies that refuse learner code before it runs: fast, no compiler.
/// The demangled names are the ones `swift-demangle` prints for Swift 6.3 objects.
@Suite struct CodeSafetyPolicyTests {
    let policy = SymbolPolicy(packageModules: ["KataSupport", "APIClient", "Login", "App"])

    func undefined(_ name: String, _ demangled: String? = nil) -> ObjectSymbol {
        ObjectSymbol(name: name, demangled: demangled, isDefined: false)
    }

    func refused(_ symbols: [ObjectSymbol], target: String = "Login", executable: Bool = false) -> [Refusal] {
        policy.refusals(
            target: target, isExecutable: executable, contents: ObjectContents(symbols: symbols, sections: [".text"]))
    }

    @Test func ordinarySwiftIsAllowed() {
        let symbols = [
            undefined("swift_retain"), undefined("memset"), undefined("swift_task_switch"),
            undefined("$sSSN", "type metadata for Swift.String"),
            undefined(
                "$s20FoundationEssentials4UUIDVACycfC", "FoundationEssentials.UUID.init() -> FoundationEssentials.UUID"),
            undefined(
                "$sSYsSHRzSH8RawValueSYRpzrlE04hashB0Sivg",
                "(extension in Swift):Swift.RawRepresentable< where A: Swift.Hashable, A.Swift.RawRepresentable.RawValue: Swift.Hashable>.hashValue.getter : Swift.Int"
            ),
            undefined(
                "$s9APIClient6ServerC6sharedACvau",
                "APIClient.Server.$current.unsafeMutableAddressor : APIClient.Server"),
            undefined("syscall"), undefined("__tls_get_addr"),
        ]
        #expect(refused(symbols).isEmpty)
    }

    /// A container keyed by type (kata 12) writes `ObjectIdentifier(T.self)` and `"\(type)"`: the
    /// demangled names mention `Any.Type`, and `Any` is no module.
    @Test func typesAsKeysAndNamesAreAllowed() {
        let symbols = [
            undefined("$sSOySOypXpcfC", "Swift.ObjectIdentifier.init(Any.Type) -> Swift.ObjectIdentifier"),
            undefined(
                "$ss9_typeName_9qualifiedSSypXp_SbtF",
                "Swift._typeName(_: Any.Type, qualified: Swift.Bool) -> Swift.String"),
        ]
        #expect(refused(symbols).isEmpty)
    }

    @Test(arguments: [
        ("exit", RefusalReason.exit), ("_exit", .exit), ("raise", .exit), ("dlsym", .dynamicLoading),
        ("fork", .processes),
        ("getenv", .environment), ("fopen", .files), ("write", .files), ("socket", .network), ("strcpy", .cFunction),
        ("_swift_stdlib_overrideUnsafeArgvArgc", .linkerControl),
    ])
    func cFunctionsAreRefusedByFamily(name: String, reason: RefusalReason) {
        #expect(refused([undefined(name)]) == [Refusal(target: "Login", name: name, reason: reason)])
    }

    @Test func anExecutablesAsyncMainMayCallExit() {
        #expect(refused([undefined("exit")], target: "App", executable: true).isEmpty)
    }

    @Test(arguments: [
        (
            "static FoundationEssentials.FileManager.default.getter : FoundationEssentials.FileManager",
            "Foundation.FileManager.default", RefusalReason.files
        ),
        ("static Swift.CommandLine.arguments.getter : [Swift.String]", "Swift.CommandLine.arguments", .environment),
        (
            "Foundation.ProcessInfo.environment.getter : [Swift.String : Swift.String]",
            "Foundation.ProcessInfo.environment", .environment
        ),
        ("type metadata accessor for Foundation.Process", "Foundation.Process", .processes),
        ("static Foundation.Thread.exit() -> ()", "Foundation.Thread.exit", .exit),
        ("Testing.Issue.record(_: Testing.Comment?) -> Testing.Issue", "Testing.Issue.record", .testing),
        ("Glibc.errno.getter : Swift.Int32", "Glibc.errno", .cFunction),
        ("FoundationNetworking.URLSession.shared.getter", "FoundationNetworking.URLSession.shared", .network),
        ("Evil.Thing.init() -> Evil.Thing", "Evil.Thing.init", .unknownModule),
    ])
    func swiftAPIsThatReachOutsideAreRefusedWhateverTheSpelling(demangled: String, name: String, reason: RefusalReason)
    {
        let found = refused([undefined("$sX", demangled)])
        #expect(found.map(\.reason) == [reason])
        #expect(found.first?.name == name)
    }

    @Test func readingAFileThroughDataOrStringIsRefused() {
        let data =
            "FoundationEssentials.Data.init(contentsOf: __shared FoundationEssentials.URL, options: FoundationEssentials.Data.ReadingOptions) throws -> FoundationEssentials.Data"
        let string =
            "(extension in Foundation):Swift.String.init(contentsOfFile: __shared Swift.String, encoding: Swift.String.Encoding) throws -> Swift.String"
        #expect(refused([undefined("$sA", data)]).map(\.reason) == [.files])
        #expect(refused([undefined("$sB", string)]).map(\.reason) == [.files])
        let append = "Swift.Array.append<A where A1: Swift.Sequence>(contentsOf: __owned A1) -> ()"
        #expect(refused([undefined("$sC", append)]).isEmpty)
    }

    @Test(arguments: [
        "FoundationEssentials.Data.write(to: FoundationEssentials.URL, options: FoundationEssentials.Data.WritingOptions) throws -> ()",
        "Foundation.NSData.init(contentsOf: Foundation.URL) -> Foundation.NSData?",
        "Foundation.NSData.write(to: Foundation.URL, atomically: Swift.Bool) -> Swift.Bool",
        "(extension in Foundation):Swift.StringProtocol.write(to: FoundationEssentials.URL, atomically: Swift.Bool, encoding: Swift.String.Encoding) throws -> ()",
        "(extension in FoundationEssentials):Swift.String.init(contentsOf: __shared FoundationEssentials.URL, encoding: Swift.String.Encoding) throws -> Swift.String",
        "(extension in Foundation):Swift.String.write(toFile: __owned Swift.String, atomically: Swift.Bool, encoding: Swift.String.Encoding) throws -> ()",
    ])
    func everyFileCallOfDataAndStringIsRefused(demangled: String) {
        #expect(refused([undefined("$sA", demangled)]).map(\.reason) == [.files])
    }

    @Test func searchingBytesFindsALiteralAnywhere() {
        #expect("Foundation.Data.init(contentsOf:)".containsBytes("Data.init(contentsOf"))
        #expect("ab".containsBytes(""))
        #expect(!"Foundation.Dat".containsBytes("Foundation.Data"))
        #expect(!"".containsBytes("a"))
        #expect("τ_0_0.Foundation".containsBytes("Foundation"))
        #expect("aaab".containsBytes("aab"))
        #expect(!"Swift.Array.append(contentsOf:)".containsBytes("init(contentsOf"))
    }

    @Test func replacingBytesReplacesEveryOccurrenceAsSpelled() {
        #expect("/b/k-a/x /b/k-a".replacingBytes("/b/k-a", with: "/@T@") == "/@T@/x /@T@")
        #expect("aaa".replacingBytes("aa", with: "b") == "ba")
        #expect("a/b".replacingBytes("/", with: "\\/") == "a\\/b")
        #expect("same".replacingBytes("x", with: "y") == "same")
        #expect("same".replacingBytes("", with: "y") == "same")
        #expect("/hé/k".replacingBytes("/hé", with: "/ü") == "/ü/k")
        // Byte for byte: a decomposed é is another spelling, which Foundation would also match.
        #expect("/he\u{301}/k".replacingBytes("/h\u{E9}", with: "/x") == "/he\u{301}/k")
    }

    @Test func searchingABufferStaysInsideTheRangeAskedFor() {
        let text: StaticString = "abc:\tfile format elf"
        let marker: StaticString = ":\tfile"
        text.withUTF8Buffer { bytes in
            marker.withUTF8Buffer { pattern in
                #expect(bytes.firstIndex(of: pattern, in: 0..<bytes.count) == 3)
                // A match that would run past the range's end is not one.
                #expect(bytes.firstIndex(of: pattern, in: 0..<8) == nil)
                #expect(bytes.firstIndex(of: pattern, in: 4..<bytes.count) == nil)
                #expect(bytes.matches(pattern, at: 3, before: 9))
                #expect(!bytes.matches(pattern, at: 3, before: 8))
                #expect(!bytes.matches(pattern, at: -1, before: bytes.count))
            }
            #expect(bytes.firstIndex(of: UInt8(ascii: "f"), in: 0..<bytes.count) == 5)
            #expect(bytes.firstIndex(of: UInt8(ascii: "f"), in: 6..<bytes.count) == 10)
            #expect(bytes.firstIndex(of: UInt8(ascii: "a"), in: 1..<1) == nil)
            #expect(bytes.firstIndex(of: UInt8(ascii: "l"), in: 0..<(bytes.count + 1)) == nil)
        }
    }

    @Test func definingAnotherModulesOrACSymbolIsRefused() {
        let own = ObjectSymbol(name: "$s5Login1fyyF", demangled: "Login.f() -> ()", isDefined: true, isExported: true)
        let conformance = ObjectSymbol(
            name: "$sSo1XaSQ5LoginMc",
            demangled: "protocol conformance descriptor for __C.X : Swift.Equatable in Login",
            isDefined: true, isExported: true)
        let write = ObjectSymbol(name: "write", isDefined: true, isExported: true)
        let foreign = ObjectSymbol(
            name: "$s7Testing5IssueV6recordyyF", demangled: "Testing.Issue.record() -> ()", isDefined: true,
            isExported: true)
        let hidden = ObjectSymbol(name: "__swift_memcpy32_8", isDefined: true, isExported: false)
        let found = refused([own, conformance, write, foreign, hidden])
        #expect(found.map(\.name) == ["defines write", "defines Testing.Issue.record() -> ()"])
        #expect(found.allSatisfy { $0.reason == .linkerControl })
    }

    @Test func loadTimeSectionsAreRefused() {
        let found = policy.refusals(
            target: "Login", isExecutable: false,
            contents: ObjectContents(symbols: [], sections: [".text", ".init_array"]))
        #expect(found.map(\.name) == ["section .init_array"])
    }

    @Test func aKataCanAllowMore() {
        let allowing = SymbolPolicy(packageModules: ["Login"], allowed: ["Foundation.ProcessInfo", "getenv"])
        let symbols = [
            undefined("getenv"),
            undefined("$sX", "Foundation.ProcessInfo.environment.getter : [Swift.String : Swift.String]"),
        ]
        #expect(
            allowing.refusals(
                target: "Login", isExecutable: false, contents: ObjectContents(symbols: symbols, sections: [])
            ).isEmpty)
    }

    // MARK: - Source

    func use(_ kind: SourceUse.Kind, _ name: String, line: Int = 1, base: String? = nil, entryOnly: Bool = false)
        -> SourceUse
    {
        SourceUse(
            file: "Sources/Login/Cheat.swift", line: line, kind: kind, name: name, base: base, entryOnly: entryOnly)
    }

    @Test func sourceRefusesRawMemoryAttributesAndCompilerEmittedCalls() {
        let uses = [
            use(.attribute, "_silgen_name", line: 1), use(.attribute, "_cdecl", line: 2),
            use(.attribute, "section", line: 3),
            use(.type, "UnsafeMutableRawPointer", line: 4), use(.reference, "withUnsafeMutableBytes", line: 5),
            use(.reference, "unsafeBitCast", line: 6), use(.modifier, "unowned(unsafe)", line: 7),
            use(.reference, "syscall", line: 8), use(.member, "syscall", line: 9, base: "Glibc"),
        ]
        let found = SourcePolicy().refusals(target: "Login", isExecutable: false, uses: uses)
        #expect(found.map(\.location?.line) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(found.first?.message.hasPrefix("Refused: Sources/Login/Cheat.swift:1 uses `@_silgen_name`") == true)
    }

    @Test func sourceAllowsWhatHonestCodeWrites() {
        let uses = [
            use(.attribute, "MainActor"), use(.attribute, "_exported"), use(.attribute, "TaskLocal"),
            use(.reference, "withUnsafeContinuation"), use(.member, "exit", base: "coordinator"),
            use(.reference, "exit"),  // a library target: C exit is refused by its symbol instead
            use(.modifier, "nonisolated(unsafe)"), use(.modifier, "unowned(safe)"),
        ]
        #expect(SourcePolicy().refusals(target: "Login", isExecutable: false, uses: uses).isEmpty)
        #expect(SourcePolicy().refusals(target: "App", isExecutable: true, uses: [use(.reference, "exit")]).count == 1)
    }

    @Test func environmentReadOnlyByTheEntryPointIsWaived() {
        let refusal = Refusal(target: "App", name: "Swift.CommandLine.arguments", reason: .environment)
        let entry = [use(.type, "CommandLine", entryOnly: true), use(.member, "arguments", entryOnly: true)]
        #expect(SourcePolicy().isEntryOnly(refusal, in: entry))
        // A type alias declared in main.swift and used inside a function elsewhere is not waived.
        let escaped = [use(.type, "CommandLine", entryOnly: true), use(.member, "arguments", entryOnly: false)]
        #expect(!SourcePolicy().isEntryOnly(refusal, in: escaped))
        let files = Refusal(target: "App", name: "Foundation.FileManager.default", reason: .files)
        #expect(!SourcePolicy().isEntryOnly(files, in: [use(.type, "FileManager", entryOnly: true)]))
    }

    @Test func demangledNamesAreReadAsQualifiedChains() {
        #expect(
            SymbolPolicy.chains(in: "generic specialization <Foundation.URL> of Swift.Array.append(__owned A) -> ()")
                == ["Foundation.URL", "Swift.Array.append"])
        #expect(SymbolPolicy.chains(in: "Swift.Array<A>.count.getter : Swift.Int") == ["Swift.Array", "Swift.Int"])
        #expect(
            SymbolPolicy.chains(in: "APIClient.Server.$current.unsafeMutableAddressor") == [
                "APIClient.Server.$current.unsafeMutableAddressor"
            ])
    }
}
