import Foundation

/// A Swift Testing event stream (`--event-stream-output-path`, JSON lines), written as the
/// check runner's `StreamMonitor` and `TestEventLog` read it. Build it test by test; end it
/// anywhere (after a `started` with no `ended`) to play a crash or a hang.
public struct TestEventStream: Sendable {
    /// The JSON lines so far, each ending in a newline.
    public private(set) var text = ""
    /// The stream's own clock for `instant.absolute`, in seconds.
    public private(set) var time = 1_000.0

    public init() {}

    /// The id Swift Testing gives `name` in `suite` of module `HiddenChecks`: `Module.Suite/name()/File.swift:line:column`.
    public static func id(_ name: String, suite: String = "Checks", line: Int = 1) -> String {
        "HiddenChecks.\(suite)/\(name)()/\(suite).swift:\(line):6"
    }

    /// Announces a test (the runner announces every test before any starts).
    public func announcing(_ id: String, name: String) -> Self {
        adding(["kind": "test", "payload": ["kind": "function", "id": id, "name": name]])
    }

    public func started(_ id: String) -> Self {
        adding(["kind": "event", "payload": ["kind": "testStarted", "testID": id, "instant": ["absolute": time]]])
    }

    /// Ends `id` after `seconds` on the stream's clock.
    public func ended(_ id: String, after seconds: Double = 0.001) -> Self {
        var next = self
        next.time += seconds
        return next.adding([
            "kind": "event", "payload": ["kind": "testEnded", "testID": id, "instant": ["absolute": next.time]],
        ])
    }

    /// A failing expectation in `id`, recorded at `fileID:line`.
    public func issue(_ id: String, _ message: String, fileID: String = "HiddenChecks/Checks.swift", line: Int = 3)
        -> Self
    {
        adding([
            "kind": "event",
            "payload": [
                "kind": "issueRecorded", "testID": id, "messages": [["symbol": "fail", "text": message]],
                "issue": ["isFailure": true, "sourceLocation": ["fileID": fileID, "line": line, "column": 5]],
            ],
        ])
    }

    /// `id` starts and ends with no issue.
    public func passing(_ id: String, after seconds: Double = 0.001) -> Self {
        started(id).ended(id, after: seconds)
    }

    /// `id` starts, records `message` and ends.
    public func failing(_ id: String, _ message: String) -> Self {
        started(id).issue(id, message).ended(id)
    }

    /// Half a line, as a stream cut off by a crash ends.
    public func cutOff() -> Self {
        var next = self
        next.text += #"{"kind":"event","payload":{"kind":"testEn"#
        return next
    }

    private func adding(_ record: [String: Any]) -> Self {
        var object = record
        object["version"] = 0
        // Sorted keys: the same stream byte for byte every time.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        var next = self
        next.text += String(decoding: data, as: UTF8.self) + "\n"
        return next
    }
}
