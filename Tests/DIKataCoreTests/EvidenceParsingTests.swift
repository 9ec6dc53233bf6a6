import DIKataCore
import Testing

/// Parsers for what the toolchain prints: Swift Testing's event stream and compiler diagnostics.
struct EvidenceParsingTests {
    static let stream = """
        {"kind":"test","payload":{"id":"HiddenChecks.works()/T.swift:4:2","kind":"function","name":"works()"},"version":"6.3.0"}
        {"kind":"test","payload":{"id":"HiddenChecks.Suite/fails()/T.swift:9:2","kind":"function","name":"fails()"},"version":"6.3.0"}
        {"kind":"test","payload":{"id":"HiddenChecks.Suite","kind":"suite","name":"Suite"},"version":"6.3.0"}
        {"kind":"event","payload":{"instant":{"absolute":10.0},"kind":"testStarted","testID":"HiddenChecks.works()/T.swift:4:2"}}
        {"kind":"event","payload":{"instant":{"absolute":10.5},"kind":"testEnded","testID":"HiddenChecks.works()/T.swift:4:2"}}
        {"kind":"event","payload":{"instant":{"absolute":11.0},"kind":"testStarted","testID":"HiddenChecks.Suite/fails()/T.swift:9:2"}}
        {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isFailure":true,"sourceLocation":{"fileID":"HiddenChecks/T.swift","line":10}},"messages":[{"symbol":"fail","text":"Expectation failed: a == b"},{"symbol":"details","text":"use the stub"}],"testID":"HiddenChecks.Suite/fails()/T.swift:9:2"}}
        {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isFailure":false},"messages":[{"text":"a warning"}],"testID":"HiddenChecks.works()/T.swift:4:2"}}
        {"kind":"event","payload":{"instant":{"absolute":11.2},"kind":"testEnded","testID":"HiddenChecks.Suite/fails()/T.swift:9:2"}}
        {"kind":"event","payload":{"kind":"testStarted","testID":"HiddenChecks.works()/T.swift:4:2
        """

    @Test func readsStartsEndsAndFailures() {
        let log = TestEventLog(jsonLines: Self.stream)
        #expect(log.names.count == 2, "suites are not tests")
        #expect(log.started == ["HiddenChecks.works()/T.swift:4:2", "HiddenChecks.Suite/fails()/T.swift:9:2"])
        #expect(log.ended.count == 2)
        #expect(log.unfinished.isEmpty, "a line cut off by a crash is ignored")
        #expect(log.failures["HiddenChecks.works()/T.swift:4:2"] == nil, "a non-failure issue is not a failure")
        let failure = log.failures["HiddenChecks.Suite/fails()/T.swift:9:2"]?.first
        #expect(failure?.message == "Expectation failed: a == b\nuse the stub")
        #expect(failure?.line == 10)
        #expect(log.durations["HiddenChecks.works()/T.swift:4:2"] == 0.5)
    }

    @Test func anIssueRecordedWithACommentReadsAsTheCommentAlone() {
        let id = "HiddenChecks.t()/T.swift:3:2"
        func failure(_ messages: String) -> String? {
            let line = """
                {"kind":"event","payload":{"kind":"issueRecorded","issue":{"isFailure":true},"messages":\(messages),"testID":"\(id)"}}
                """
            return TestEventLog(jsonLines: line).failures[id]?.first?.message
        }
        // What `Expect.that` records: Swift Testing heads it "Issue recorded".
        #expect(
            failure(#"[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"welcome returned nil"}]"#)
                == "welcome returned nil")
        // Without a comment the headline is all there is, so it stays.
        #expect(failure(#"[{"symbol":"fail","text":"Issue recorded"}]"#) == "Issue recorded")
        // What `Expect.require` records: a requirement with no expression.
        #expect(
            failure(#"[{"symbol":"fail","text":"Expectation failed: "},{"symbol":"details","text":"sent nothing"}]"#)
                == "sent nothing")
        // An expression the headline names stays, as it says what was false.
        #expect(
            failure(#"[{"symbol":"fail","text":"Expectation failed: a == b"},{"symbol":"details","text":"use it"}]"#)
                == "Expectation failed: a == b\nuse it")
    }

    @Test func findsTestsByFunctionName() {
        let log = TestEventLog(jsonLines: Self.stream)
        #expect(log.testID(named: "works") == "HiddenChecks.works()/T.swift:4:2")
        #expect(log.testID(named: "fails") == "HiddenChecks.Suite/fails()/T.swift:9:2")
        #expect(log.testID(named: "Suite/fails") == "HiddenChecks.Suite/fails()/T.swift:9:2")
        #expect(log.testID(named: "work") == nil)
    }

    @Test func aTestThatStartedAndNeverEndedIsUnfinished() {
        var log = TestEventLog()
        log.ingest(line: #"{"kind":"event","payload":{"kind":"testStarted","testID":"M.hangs()/F.swift:1:1"}}"#)
        #expect(log.unfinished == ["M.hangs()/F.swift:1:1"])
    }

    @Test func parsesCompilerDiagnostics() {
        let output = """
            /build/snapshot/Sources/Login/LoginViewModel.swift:9:62: error: cannot find 'undefinedMessage' in scope
             7 |
             9 |         authenticate(user, password) ? "Welcome" : undefinedMessage
               |                                                              `- error: cannot find 'undefinedMessage' in scope
            /build/snapshot/Sources/Login/LoginViewModel.swift:3:5: warning: variable 'x' was never used
            /build/snapshot/Sources/Login/LoginViewModel.swift:9:62: error: cannot find 'undefinedMessage' in scope
            error: emit-module command failed with exit code 1
            """
        let all = CompilerDiagnostic.parse(output)
        #expect(all.count == 3)
        #expect(
            all[1]
                == CompilerDiagnostic(
                    file: "/build/snapshot/Sources/Login/LoginViewModel.swift", line: 3, column: 5, severity: .warning,
                    message: "variable 'x' was never used"))
        let errors = CompilerDiagnostic.errors(in: output)
        #expect(errors.count == 1, "duplicates are dropped")
        #expect(errors[0].line == 9 && errors[0].message == "cannot find 'undefinedMessage' in scope")
    }

    @Test func capsCapturedTextOnCharacterBoundaries() {
        let capped = CapturedText.capped("ééééé", limit: 5)
        #expect(capped.text == "éé")
        #expect(capped.droppedBytes == 6)
        #expect(CapturedText.capped("short", limit: 100) == CapturedText(text: "short"))
    }
}
