import DIKataCore
import Foundation
import Lessons
import TestSupport
import Testing

@testable import TerminalUI

/// Every screen rendered to a cell grid and compared as text with `Snapshots/<name>.txt`, at
/// 80×24, 120×40 and a narrow 50×16. `RECORD_SNAPSHOTS=1` re-records (review the diff).
struct ScreenSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static let sizes = [(24, 80), (40, 120), (16, 50)]

    func assertSnapshot(_ state: AppState, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let text = state.render().text + "\n"
        let file = Self.folder.appendingPathComponent("\(name)-\(state.size.cols)x\(state.size.rows).txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == expected, "\(file.lastPathComponent) differs (RECORD_SNAPSHOTS=1 re-records)",
            sourceLocation: sourceLocation)
    }

    /// Builds the state for a named screen at a size.
    static func screen(_ name: String, rows: Int, cols: Int) -> AppState {
        var progress = LearnerProgress()
        progress.record(SampleTutorial.verdict(passing: false), at: Date(timeIntervalSince1970: 0))
        progress.revealHint(2, of: "01-singleton")
        var state = SampleTutorial.state(rows: rows, cols: cols, progress: progress)
        switch name {
        case "stage-map": break
        case "lesson":
            _ = state.handle(.key(.enter))
        case "lesson-search":
            _ = state.handle(.key(.enter))
            _ = state.handle(.key(.character("/")))
            for character in "singleton" { _ = state.handle(.key(.character(character))) }
            _ = state.handle(.key(.enter))
        case "kata-grading":
            _ = state.handle(.key(.character("o")))
            _ = state.handle(.key(.character("r")))
            _ = state.handle(.gradingProgress(kata: "01-singleton", .building(target: "APIClient")))
        case "kata-results":
            _ = state.handle(.key(.character("o")))
            _ = state.handle(
                .graded(
                    kata: "01-singleton", SampleTutorial.verdict(passing: false), at: Date(timeIntervalSince1970: 0)))
            _ = state.handle(.key(.down))
            _ = state.handle(.key(.enter))
        case "graph":
            _ = state.handle(.key(.character("o")))
            _ = state.handle(.key(.character("g")))
            _ = state.handle(.graphLoaded(kata: "01-singleton", SampleGraph.graph))
        case "help":
            _ = state.handle(.key(.character("?")))
        case "confirm-reset":
            _ = state.handle(.key(.character("o")))
            _ = state.handle(.key(.character("x")))
        case "solution":
            _ = state.handle(.key(.character("o")))
            _ = state.handle(.solutionLoaded(kata: "01-singleton", diff: SampleGraph.diff))
        default:
            break
        }
        return state
    }

    static let screens = [
        "stage-map", "lesson", "lesson-search", "kata-grading", "kata-results", "graph", "help", "confirm-reset",
        "solution",
    ]

    @Test(arguments: screens)
    func screenMatchesItsSnapshots(_ name: String) throws {
        for (rows, cols) in Self.sizes {
            try assertSnapshot(Self.screen(name, rows: rows, cols: cols), name)
        }
    }

    @Test func belowTheMinimumSizeSaysSo() throws {
        let state = SampleTutorial.state(rows: 8, cols: 30)
        #expect(state.render().text.contains("Terminal too small"))
        #expect(state.render().text.contains("have 30×8"))
    }

    @Test func wideCharactersTakeTwoCellsAndNeverSplit() {
        var grid = CellGrid(rows: 1, cols: 7)
        let used = grid.put("漢字😀x", row: 0, col: 0)
        #expect(used == 7)
        #expect(grid[0, 0].text == "漢" && grid[0, 1].text == "")
        #expect(grid[0, 4].text == "😀" && grid[0, 5].text == "")
        #expect(grid.text == "漢字😀x")
        var narrow = CellGrid(rows: 1, cols: 3)
        narrow.put("漢字", row: 0, col: 0)
        #expect(narrow.text == "漢", "a wide character that does not fit is left out")
    }

    @Test func colourThemeColoursAndMonochromeDoesNot() {
        var colourState = SampleTutorial.state(theme: .colour)
        var monoState = SampleTutorial.state(theme: .monochrome)
        _ = colourState.handle(.key(.enter))
        _ = monoState.handle(.key(.enter))
        let colour = colourState.render()
        let mono = monoState.render()
        #expect(colour.text == mono.text)
        #expect(colour.cells.contains { $0.style.foreground != nil })
        #expect(!mono.cells.contains { $0.style.foreground != nil || $0.style.background != nil })
    }

    @Test func onlyChangedCellsAreRedrawn() {
        var state = SampleTutorial.state()
        let before = state.render()
        _ = state.handle(.key(.down))
        let after = state.render()
        let changed = after.differences(from: before)
        #expect(!changed.isEmpty)
        #expect(changed.count < 200, "moving the selection redraws two rows, not the screen")
        #expect(after.differences(from: after).isEmpty)
    }
}

enum SampleGraph {
    static let graph = PackageGraph(
        targets: [
            .init(name: "Login", dependencies: []),
            .init(name: "APIClient", dependencies: []),
            .init(name: "App", dependencies: ["Login", "APIClient"], isExecutable: true),
        ],
        types: [
            .init(name: "LoginViewModel", kind: .class, target: "Login", references: ["Authenticate"]),
            .init(name: "Authenticate", kind: .functionType, target: "Login", references: []),
            .init(name: "ServerAPIClient", kind: .class, target: "APIClient", references: []),
            .init(
                name: "AppComposer", kind: .struct, target: "App", references: ["ServerAPIClient", "LoginViewModel"]),
        ])

    static let diff = [
        "--- yours", "+++ solution", "@@ -1,4 +1,5 @@", " public final class InstallationID: Sendable {",
        "-    public init() {}", "+    public static let shared = InstallationID()", "+    private init() {}", " }",
    ]
}

/// The facilitator's terminal dashboard and the room banner in the tutorial.
struct WorkshopScreenTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static var dashboard: Dashboard {
        func result(_ kata: String, _ points: Int, passed: Bool, failing: [String], minutesAgo: Double)
            -> ResultSubmission
        {
            ResultSubmission(
                id: UUID().uuidString, kata: kata, points: points, maxPoints: 14, passed: passed,
                checks: failing.map { .init(id: $0, status: .failed) }, durationMilliseconds: 700,
                gradedAt: now.addingTimeInterval(-minutesAgo * 60))
        }
        let attempts = [
            Dashboard.Attempt(
                participant: "a", submission: result("01-singleton", 14, passed: true, failing: [], minutesAgo: 30)),
            Dashboard.Attempt(
                participant: "a",
                submission: result("02-global-state", 5, passed: false, failing: ["shared-is-constant"], minutesAgo: 2)),
            Dashboard.Attempt(
                participant: "b",
                submission: result("01-singleton", 2, passed: false, failing: ["one-id"], minutesAgo: 9)),
            Dashboard.Attempt(
                participant: "b",
                submission: result("01-singleton", 2, passed: false, failing: ["one-id"], minutesAgo: 6)),
            Dashboard.Attempt(
                participant: "b",
                submission: result("01-singleton", 3, passed: false, failing: ["one-id", "debt-free"], minutesAgo: 1)),
        ]
        return Dashboard.build(
            participants: [
                (id: "a", name: "Ada", lastSeen: now), (id: "b", name: "Bob", lastSeen: now),
                (id: "c", name: "Cy", lastSeen: nil),
            ],
            attempts: attempts,
            room: RoomState(
                katas: ["01-singleton", "02-global-state", "03-property-injection"], unlocked: ["02-global-state"],
                message: "Stage 2 until 11:00", messageSentAt: now, countdownEndsAt: now.addingTimeInterval(754)),
            now: now)
    }

    @Test func theDashboardMarksStuckParticipantsAndTheHardestChecks() throws {
        let text = DashboardScreen(dashboard: Self.dashboard, error: nil, now: Self.now, theme: .monochrome).render(
            rows: 16, cols: 80
        ).text
        let file = ScreenSnapshotTests.folder.appendingPathComponent("workshop-dashboard-80x16.txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(text + "\n" == (try String(contentsOf: file, encoding: .utf8)))
        #expect(text.contains("⚠3 1m"), "Bob failed one-id three times in a row")
        #expect(text.contains("✉ Stage 2 until 11:00"))
        #expect(text.contains("⏱ 12:34"))
    }

    @Test func theTutorialShowsTheFacilitatorsMessageAndCountdown() {
        var state = SampleTutorial.state()
        let room = RoomState(
            katas: ["01-singleton", "02-global-state"], unlocked: ["02-global-state"], message: "Break until 11:00",
            messageSentAt: Self.now, countdownEndsAt: Self.now.addingTimeInterval(90))
        _ = state.handle(.roomUpdated(room))
        _ = state.handle(.tick(Self.now))
        #expect(state.overlay == .message("Message from the facilitator: Break until 11:00"))
        #expect(state.status(of: "02-global-state") == .open, "the room opened stage 2")
        let header = state.render().text.split(separator: "\n")[0]
        #expect(header.contains("⏱ 1:30"))
        _ = state.handle(.key(.escape))
        _ = state.handle(.roomUpdated(room))
        #expect(state.overlay == nil, "the same message is shown once")
    }
}
