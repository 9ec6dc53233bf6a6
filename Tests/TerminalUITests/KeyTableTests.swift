import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// Each screen's key table drives its handler, its status bar and the help overlay.
struct KeyTableTests {
    /// A state on each screen, with the table that screen's keys come from.
    static let screens: [(name: String, table: [Key], help: [(keys: String, text: String)])] = [
        ("stage-map", KeyTable.stageMap.keys, KeyTable.stageMap.helpLines),
        ("lesson", KeyTable.lesson.keys, KeyTable.lesson.helpLines),
        ("kata-results", KeyTable.kata.keys, KeyTable.kata.helpLines),
        ("graph", KeyTable.graph.keys, KeyTable.graph.helpLines),
    ]

    static func state(_ name: String, rows: Int = 24, cols: Int = 80) -> AppState {
        ScreenSnapshotTests.screen(name, rows: rows, cols: cols)
    }

    @Test func noKeyIsBoundTwiceAndNoScreenShadowsAKeyThatWorksEverywhere() {
        let everywhere = Set(KeyTable.everywhere.keys)
        let tables: [(String, [Key])] =
            Self.screens.map { ($0.name, $0.table) } + [
                ("everywhere", KeyTable.everywhere.keys), ("confirm", KeyTable.confirm.keys),
                ("solution", KeyTable.solution.keys), ("join form", KeyTable.joinForm.keys),
                ("passed", KeyTable.passed.keys),
            ]
        for (name, keys) in tables {
            #expect(Set(keys).count == keys.count, "\(name) binds a key twice: \(keys)")
        }
        for screen in Self.screens {
            #expect(everywhere.isDisjoint(with: screen.table), "\(screen.name) rebinds ? or Ctrl-C")
        }
    }

    @Test(arguments: ["stage-map", "lesson", "kata-results", "graph"])
    func helpListsEveryBindingWithThisScreensFirst(_ name: String) {
        var state = Self.state(name, rows: 80, cols: 120)
        _ = state.handle(.key(.character("?")))
        #expect(state.overlay == .help)
        let lines = HelpText.lines(theme: .monochrome, screen: state.screen).map(\.text)
        for screen in Self.screens {
            for (keys, text) in screen.help {
                #expect(lines.contains { $0.hasPrefix("  " + keys) && $0.hasSuffix(text) }, "help lacks \(keys)")
            }
        }
        let ownTitle = HelpText.sections(screen: state.screen)[1].title
        let expected = [
            "stage-map": "Stage map", "lesson": "Lesson", "kata-results": "Kata", "graph": "Dependency graph",
        ]
        #expect(lines[0] == "Everywhere" && ownTitle == expected[name])
        let text = state.render().text
        #expect(text.contains(ownTitle), "the overlay shows this screen's keys")
    }

    @Test func theStatusBarShowsEachHintOfTheScreensTable() {
        let tables: [(String, [(keys: String, text: String)])] = [
            ("stage-map", KeyTable.stageMap.statusHints(Self.state("stage-map"))),
            ("lesson", KeyTable.lesson.statusHints(Self.state("lesson"))),
            ("kata-results", KeyTable.kata.statusHints(Self.state("kata-results"))),
            ("graph", KeyTable.graph.statusHints(Self.state("graph"))),
        ]
        for (name, hints) in tables {
            let bar = Self.state(name, rows: 24, cols: 200).render().text.split(separator: "\n").last ?? ""
            for (keys, text) in hints + [("?", "help")] {
                #expect(bar.contains("\(keys) \(text)"), "\(name)'s status bar lacks \(keys) \(text): \(bar)")
            }
        }
    }

    @Test func theWatchHintFollowsTheState() {
        var state = Self.state("kata-results", cols: 200)
        #expect(state.render().text.contains("w watch: on"))
        _ = state.handle(.key(.character("w")))
        #expect(state.render().text.contains("w watch: off"))
    }

    @Test(arguments: ["stage-map", "lesson", "kata-results", "graph"])
    func aKeyNoTableBindsChangesNothing(_ name: String) {
        for key in [Key.character("Z"), .character("%"), .backspace] {
            var state = Self.state(name)
            let before = state.render()
            #expect(state.handle(.key(key)) == [])
            #expect(state.render() == before, "\(key) changed \(name)")
        }
    }

    @Test func overlaysNameTheirKeysFromTheirTables() {
        var state = Self.state("kata-results")
        _ = state.handle(.key(.character("x")))
        #expect(state.statusKeys.map { $0.keys } == ["y", "any key"])
        #expect(state.handle(.key(.character("n"))) == [])
        _ = state.handle(.solutionLoaded(kata: "01-singleton", diff: SampleGraph.diff))
        #expect(state.statusKeys.map { $0.text } == ["scroll", "close"])
        state.overlay = .joinWorkshop(AppState.JoinForm())
        #expect(state.statusKeys.map { $0.keys } == ["Tab", "Enter", "Esc"])
    }

    // MARK: - Bindings that reach their handler

    @Test func stageMapFirstAndLast() {
        var state = Self.state("stage-map")
        _ = state.handle(.key(.character("G")))
        #expect(state.selection == state.mapEntries.count - 1)
        _ = state.handle(.key(.home))
        #expect(state.selection == 0)
    }

    @Test func lessonPagesTurnBackAndForth() {
        var state = Self.state("lesson")
        _ = state.handle(.key(.character("]")))
        #expect(state.screen == .lesson(.init(lesson: "singleton", page: 1)))
        _ = state.handle(.key(.character("[")))
        #expect(state.screen == .lesson(.init(lesson: "singleton", page: 0)))
    }

    @Test func theKataOpensItsLessonAndTheGraphGoesBackWithG() {
        var state = Self.state("graph")
        #expect(state.handle(.key(.character("r"))) == [.loadGraph(kata: "01-singleton")])
        _ = state.handle(.key(.character("g")))
        guard case .kata = state.screen else {
            Issue.record("g did not go back to the kata: \(state.screen)")
            return
        }
        _ = state.handle(.key(.character("l")))
        #expect(state.screen == .lesson(.init(lesson: "singleton")))
    }
}

/// The kata page is built once per change and both the keys and the drawing use it.
struct KataPageCacheTests {
    @Test func handleBuildsThePageAndRenderDrawsThatPage() {
        var state = KeyTableTests.state("kata-results")
        guard case .kata(let position) = state.screen, var page = state.builtKataPage else {
            Issue.record("no page was built")
            return
        }
        #expect(page.inputs == KataPage.Inputs(state, position: position))
        page.lines[0] = UILine("drawn from the built page")
        state.builtKataPage = page
        #expect(state.render().text.contains("drawn from the built page"), "render did not build it again")
    }

    @Test func aChangeToWhatThePageShowsBuildsItAgain() {
        var state = KeyTableTests.state("kata-results")
        let before = state.builtKataPage
        _ = state.handle(.tick(Date(timeIntervalSince1970: 5)))
        #expect(state.builtKataPage?.lines == before?.lines, "a tick changes nothing the page shows")
        _ = state.handle(.key(.character("h")))
        #expect(state.builtKataPage?.inputs.hintsShown == 3)
        #expect(state.builtKataPage?.lines.contains { $0.text.contains("3. A final class") } == true)
        state.size = (24, 100)
        #expect(state.render().text.contains("Hints (3 of 3)"), "a stale page is not drawn")
        _ = state.handle(.key(.escape))
        #expect(state.builtKataPage == nil, "off the kata screen no page is kept")
    }
}
