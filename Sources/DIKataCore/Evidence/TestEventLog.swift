import Foundation

/// What a Swift Testing event stream (`--event-stream-output-path`, JSON lines) says about
/// each test. The stream has no status field: a test failed when an issue with
/// `isFailure: true` was recorded for it; a test that started and never ended crashed or hung.
public struct TestEventLog: Equatable, Sendable {
    public struct Issue: Equatable, Sendable {
        public var message: String
        /// Where the issue was recorded (usually the hidden test's own file).
        public var file: String?
        public var line: Int?
    }

    /// Test id → display name (`signIn()`), for every test the runner announced.
    public private(set) var names: [String: String] = [:]
    /// Tests in the order they started.
    public private(set) var started: [String] = []
    public private(set) var ended: Set<String> = []
    public private(set) var failures: [String: [Issue]] = [:]
    /// When each test started, in seconds (the stream's own clock).
    public private(set) var startTimes: [String: Double] = [:]
    public private(set) var durations: [String: Double] = [:]

    public init() {}

    /// Parses complete lines; a cut-off last line (after a crash) is ignored.
    public init(jsonLines text: String) {
        self.init()
        for line in text.split(separator: "\n") { ingest(line: Substring(line)) }
    }

    /// Adds one JSON line to the log.
    public mutating func ingest(line: Substring) {
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let kind = object["kind"] as? String, let payload = object["payload"] as? [String: Any]
        else { return }
        if kind == "test" {
            if let id = payload["id"] as? String, let name = payload["name"] as? String,
                (payload["kind"] as? String) != "suite"
            {
                names[id] = name
            }
            return
        }
        guard kind == "event", let eventKind = payload["kind"] as? String,
            let testID = payload["testID"] as? String
        else { return }
        let time = (payload["instant"] as? [String: Any])?["absolute"] as? Double
        switch eventKind {
        case "testStarted":
            if !started.contains(testID) { started.append(testID) }
            if let time { startTimes[testID] = time }
        case "testEnded":
            ended.insert(testID)
            if let time, let start = startTimes[testID] { durations[testID] = max(0, time - start) }
        case "issueRecorded":
            guard let issue = payload["issue"] as? [String: Any], Self.isFailure(issue) else { return }
            // An expansion of a big value (a set of 200 ids) is cut; the comment after it is kept.
            var messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                .map { $0.count > 400 ? String($0.prefix(400)) + "…" : $0 }
            // `Issue.record(comment)` (what the checks' `Expect.that` calls) is headed "Issue
            // recorded", and a requirement with no expression (`Expect.require`) "Expectation
            // failed:": neither says anything the comment after it does not.
            if messages.count > 1, let headline = messages.first, Self.saysNothing(headline) { messages.removeFirst() }
            let location = issue["sourceLocation"] as? [String: Any]
            failures[testID, default: []].append(
                Issue(
                    message: messages.joined(separator: "\n"), file: location?["fileID"] as? String,
                    line: location?["line"] as? Int))
        default:
            return
        }
    }

    /// A failure's headline that names no expression: what `Issue.record(comment)` and
    /// `Expect.require` are headed with.
    static func saysNothing(_ headline: String) -> Bool {
        let trimmed = headline.trimmingCharacters(in: .whitespaces)
        return trimmed == "Issue recorded" || trimmed == "Expectation failed:"
    }

    /// Whether a recorded issue fails its test. Streams of version 6.3 say so (`isFailure`);
    /// an older swift-testing asked for 6.3 may fall back to version 0, which has no such field
    /// and records only failures and known issues. A missing field never reads as a pass.
    static func isFailure(_ issue: [String: Any]) -> Bool {
        if let failure = issue["isFailure"] as? Bool { return failure }
        return issue["isKnown"] as? Bool != true
    }

    /// Records a test's name learned elsewhere (e.g. from an earlier run of the same binary).
    public mutating func recordTest(id: String, name: String) {
        names[id] = name
    }

    /// Tests that started and never ended: the one a crash or hang is blamed on.
    public var unfinished: [String] { started.filter { !ended.contains($0) } }

    /// The test id whose function name is `name` (`signIn` matches `signIn()` and `signIn(x:)`;
    /// `Suite/signIn` matches inside that suite).
    public func testID(named name: String) -> String? {
        let candidates = names.keys.sorted()
        if name.contains("/") {
            return candidates.first { $0.contains(".\(name)(") || $0.contains("/\(name)(") }
        }
        return candidates.first { id in
            guard let display = names[id] else { return false }
            return display.prefix { $0 != "(" } == name
        }
    }
}
