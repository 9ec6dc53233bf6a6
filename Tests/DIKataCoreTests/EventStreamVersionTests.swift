import DIKataCore
import Testing

/// dikata asks for event stream version 6.3. An older swift-testing may answer with version 0,
/// whose issues carry no `isFailure`: such a stream must never read as "every check passed".
struct EventStreamVersionTests {
    static let id = "HiddenChecks.signsIn()/T.swift:4:2"

    static func stream(issue: String) -> String {
        """
        {"kind":"test","payload":{"id":"\(id)","kind":"function","name":"signsIn()"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"\(id)"},"version":0}
        {"kind":"event","payload":{"kind":"issueRecorded","issue":\(issue),"messages":[{"symbol":"fail","text":"Expectation failed: ok"}],"testID":"\(id)"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","testID":"\(id)"},"version":0}
        """
    }

    @Test func anIssueOfAVersionZeroStreamFailsItsTest() {
        let log = TestEventLog(jsonLines: Self.stream(issue: #"{"isKnown":false,"sourceLocation":{"line":5}}"#))
        #expect(log.failures[Self.id]?.first?.message == "Expectation failed: ok")
        #expect(log.failures[Self.id]?.first?.line == 5)
    }

    @Test func anIssueWithNoFieldsAtAllFailsItsTest() {
        #expect(TestEventLog(jsonLines: Self.stream(issue: "{}")).failures[Self.id]?.count == 1)
    }

    @Test func aKnownIssueOrAWarningDoesNotFail() {
        #expect(TestEventLog(jsonLines: Self.stream(issue: #"{"isKnown":true}"#)).failures[Self.id] == nil)
        #expect(TestEventLog(jsonLines: Self.stream(issue: #"{"isFailure":false}"#)).failures[Self.id] == nil)
    }
}
