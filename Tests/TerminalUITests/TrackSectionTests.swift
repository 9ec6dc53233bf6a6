import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// The stage map shows each track as its own section with its own progress bar; a later
/// track says what unlocks it until the kata before it passes.
struct TrackSectionTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    func matchesSnapshot(_ state: AppState, _ name: String) throws {
        let text = state.render().text + "\n"
        let file = Self.snapshots.appendingPathComponent("\(name)-\(state.size.cols)x\(state.size.rows).txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(text == (try String(contentsOf: file, encoding: .utf8)), "\(file.lastPathComponent) differs")
    }

    @Test func eachTrackIsASectionWithItsOwnBar() throws {
        try matchesSnapshot(
            TrackedTutorial.state(passed: ["00-warm-up", "05-dependency-inversion"]), "stage-map-tracks")
        try matchesSnapshot(
            TrackedTutorial.state(
                passed: ["00-warm-up", "05-dependency-inversion", "06-composition-root"], rows: 16, cols: 50),
            "stage-map-tracks-open")
    }

    @Test func theAdvancedTrackSaysWhatUnlocksItUntilStageSixPasses() {
        let locked = TrackedTutorial.state(passed: ["00-warm-up", "05-dependency-inversion"])
        #expect(locked.status(of: "07-interception") == .locked)
        #expect(locked.render().text.contains("Unlocks when 06-composition-root passes."))

        let open = TrackedTutorial.state(passed: ["00-warm-up", "05-dependency-inversion", "06-composition-root"])
        #expect(open.status(of: "07-interception") == .open)
        #expect(!open.render().text.contains("Unlocks when"))
    }

    @Test func aTrackBarCountsOnlyItsOwnKatas() {
        let lines = TrackedTutorial.state(passed: ["00-warm-up", "05-dependency-inversion"]).render().text
            .split(separator: "\n")
        let core = lines.first { $0.contains("Core track") } ?? ""
        let advanced = lines.first { $0.contains("Advanced track") } ?? ""
        #expect(core.hasSuffix(" 1/2"), "core: \(core)")
        #expect(advanced.hasSuffix(" 0/1"), "advanced: \(advanced)")
        #expect(core.filter { $0 == "█" }.count == core.filter { $0 == "░" }.count)
    }

    @Test func aSingleTrackKeepsTheOverallBarAlone() {
        let text = SampleTutorial.state().render().text
        let heading = text.split(separator: "\n").first { $0.contains("Core track") } ?? ""
        #expect(heading.trimmingCharacters(in: .whitespaces) == "Core track")
    }
}
