import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// Key → action tests: each asserts the new state and the effects the shell must perform.
struct ReducerTests {
    var state = SampleTutorial.state()

    @Test mutating func stageMapOpensTheLessonThenTheKata() {
        #expect(state.screen == .stageMap)
        #expect(state.handle(.key(.enter)) == [])
        #expect(state.screen == .lesson(.init(lesson: "singleton")))
        let effects = state.handle(.key(.character("o")))
        #expect(state.screen == .kata(.init(kata: "01-singleton")))
        #expect(state.progress.current == "01-singleton")
        // Not graded here yet: the shell looks for a grade made in another terminal.
        #expect(effects == [.saveProgress(state.progress), .loadLastVerdict(kata: "01-singleton")])
        _ = state.handle(.key(.escape))
        #expect(state.screen == .lesson(.init(lesson: "singleton")))
        _ = state.handle(.key(.escape))
        #expect(state.screen == .stageMap)
    }

    @Test mutating func aLockedKataAsksBeforeOpeningAndRemembersTheOverride() {
        _ = state.handle(.key(.down))
        #expect(state.status(of: "02-global-state") == .locked)
        #expect(state.handle(.key(.character("o"))) == [])
        #expect(state.overlay == .confirmUnlock(kata: "02-global-state"))
        let effects = state.handle(.key(.character("y")))
        #expect(state.screen == .kata(.init(kata: "02-global-state")))
        #expect(state.progress.unlocked == ["02-global-state"])
        #expect(state.progress.current == "02-global-state")
        #expect(effects == [.saveProgress(state.progress), .loadLastVerdict(kata: "02-global-state")])
    }

    @Test mutating func aGradeMadeInAnotherTerminalShowsUntilOneIsMadeHere() {
        _ = state.handle(.key(.character("o")))
        let elsewhere = SampleTutorial.verdict(passing: true)
        #expect(state.handle(.lastVerdictLoaded(kata: "01-singleton", elsewhere)) == [])
        #expect(state.grading["01-singleton"] == .finished(elsewhere))
        #expect(state.progress.katas["01-singleton"] == nil, "the grade that made it recorded the progress")
        // Back on the page later: it was looked for once, and it is not asked for again.
        _ = state.handle(.key(.escape))
        #expect(state.handle(.key(.character("o"))) == [.saveProgress(state.progress)])

        // A grade made here wins, even over one that arrives after it started.
        #expect(state.handle(.key(.character("r"))) == [.grade(kata: "01-singleton")])
        _ = state.handle(.lastVerdictLoaded(kata: "01-singleton", elsewhere))
        #expect(state.grading["01-singleton"] == .running(.readingPackage))
        let mine = SampleTutorial.verdict(passing: false)
        _ = state.handle(.graded(kata: "01-singleton", mine, at: Date(timeIntervalSince1970: 5)))
        _ = state.handle(.lastVerdictLoaded(kata: "01-singleton", elsewhere))
        #expect(state.grading["01-singleton"] == .finished(mine))
    }

    /// A `dikata grade` in another terminal passed a kata: the map shows it passed and the next
    /// one open, and nothing this tutorial recorded goes back.
    @Test mutating func progressSavedElsewhereJoinsWithoutLosingAnything() {
        _ = state.handle(.key(.character("o")))
        _ = state.handle(.key(.character("h")))
        #expect(state.status(of: "02-global-state") == .locked)
        let elsewhere = LearnerProgress(katas: [
            "01-singleton": .init(
                attempts: 2, bestPoints: 5, maxPoints: 5, passed: true, lastGraded: Date(timeIntervalSince1970: 9))
        ])
        let before = state.progress

        #expect(state.handle(.progressChanged(elsewhere)) == [], "the file has it already: nothing to save")
        #expect(state.progress == before.merged(with: elsewhere))
        #expect(state.progress.katas["01-singleton"]?.passed == true)
        #expect(state.progress.katas["01-singleton"]?.hintsUsed == 1, "the hint shown here stays")
        #expect(state.progress.current == "01-singleton")
        #expect(state.status(of: "02-global-state") != .locked)
        #expect(state.render().text.split(separator: "\n").first?.hasSuffix("1/2 passed") == true)
    }

    @Test mutating func anyOtherKeyDeclinesTheUnlock() {
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.character("o")))
        #expect(state.handle(.key(.character("n"))) == [])
        #expect(state.screen == .stageMap)
        #expect(state.progress.unlocked.isEmpty)
    }

    @Test mutating func hintsAreRevealedOneAtATimeAndRecorded() {
        _ = state.handle(.key(.character("o")))
        let first = state.handle(.key(.character("h")))
        #expect(state.progress.katas["01-singleton"]?.hintsUsed == 1)
        #expect(first == [.saveProgress(state.progress)])
        _ = state.handle(.key(.character("h")))
        _ = state.handle(.key(.character("h")))
        #expect(state.progress.katas["01-singleton"]?.hintsUsed == 3)
        #expect(state.handle(.key(.character("h"))) == [])
        #expect(state.overlay == .message("All hints for 01-singleton are shown."))
    }

    @Test mutating func gradingRunsOnceAndQueuesARegradeWhenFilesChangeMeanwhile() {
        _ = state.handle(.key(.character("o")))
        #expect(state.handle(.key(.character("r"))) == [.grade(kata: "01-singleton")])
        #expect(state.grading["01-singleton"] == .running(.readingPackage))
        #expect(state.handle(.filesChanged(kata: "01-singleton")) == [], "a second grade waits for the first")
        _ = state.handle(.gradingProgress(kata: "01-singleton", .building(target: "APIClient")))
        #expect(state.grading["01-singleton"] == .running(.building(target: "APIClient")))
        let date = Date(timeIntervalSince1970: 1000)
        let verdict = SampleTutorial.verdict(passing: false)
        let effects = state.handle(.graded(kata: "01-singleton", verdict, at: date))
        #expect(state.progress.katas["01-singleton"]?.attempts == 1)
        #expect(state.progress.katas["01-singleton"]?.lastGraded == date)
        #expect(
            effects == [.saveProgress(state.progress), .loadGraph(kata: "01-singleton"), .grade(kata: "01-singleton")])
    }

    @Test mutating func watchingOffIgnoresSaves() {
        _ = state.handle(.key(.character("o")))
        _ = state.handle(.key(.character("w")))
        #expect(!state.watching)
        #expect(state.handle(.filesChanged(kata: "01-singleton")) == [])
    }

    @Test mutating func passingUnlocksTheNextStageAndSaysSo() {
        _ = state.handle(.key(.character("o")))
        _ = state.handle(
            .graded(kata: "01-singleton", SampleTutorial.verdict(passing: true), at: Date(timeIntervalSince1970: 0)))
        #expect(state.overlay == .passed(kata: "01-singleton", next: "02-global-state"))
        #expect(state.status(of: "02-global-state") == .open)
        #expect(state.statusKeys.contains { $0.keys == "n" && $0.text == "next kata" })

        // n opens the kata it unlocked.
        _ = state.handle(.key(.character("n")))
        #expect(state.overlay == nil)
        #expect(state.screen == .kata(.init(kata: "02-global-state")))
        #expect(state.progress.current == "02-global-state")
    }

    @Test mutating func checkTitlesShowCodeSpansAsCodeWithoutBackticks() {
        state.size = (24, 80)
        _ = state.handle(.key(.character("o")))
        var verdict = SampleTutorial.verdict(passing: false)
        verdict.checks[0].title = "`shared` stays one production client"
        _ = state.handle(.graded(kata: "01-singleton", verdict, at: Date(timeIntervalSince1970: 0)))
        let text = state.render().text
        #expect(text.contains("shared stays one production client"))
        #expect(!text.contains("`"))
        let spans = KataPage.codeSpans("a `b` c")
        #expect(spans.map(\.0) == ["a ", "b", " c"] && spans.map(\.1) == [false, true, false])
        #expect(KataPage.codeSpans("one ` alone").map(\.0) == ["one ` alone"], "an unpaired backtick stays")
    }

    @Test mutating func aRegradeKeepsTheLastResultsOnScreenDimmed() {
        state.size = (24, 80)
        _ = state.handle(.key(.character("o")))
        _ = state.handle(
            .graded(kata: "01-singleton", SampleTutorial.verdict(passing: false), at: Date(timeIntervalSince1970: 0)))
        let before = state.render().text
        #expect(before.contains("One installation ID, ever"))
        _ = state.handle(.gradingProgress(kata: "01-singleton", .readingPackage))
        let during = state.render()
        #expect(during.text.contains("Last grade · "))
        #expect(during.text.contains("One installation ID, ever"), "the results stay while it regrades")
        let row = during.text.split(separator: "\n").firstIndex { $0.contains("One installation ID, ever") } ?? 0
        let column = during.text.split(separator: "\n")[row].distance(
            from: during.text.split(separator: "\n")[row].startIndex,
            to: during.text.split(separator: "\n")[row].range(of: "One")!.lowerBound)
        #expect(during[row, column].style == state.theme.muted, "dimmed")
    }

    @Test mutating func lOpensTheLessonAtTheSectionOfTheSelectedCheck() {
        state.size = (12, 60)
        _ = state.handle(.key(.character("o")))
        var verdict = SampleTutorial.verdict(passing: false)
        verdict.checks[0].status = .failed
        verdict.checks[0].lesson = "Page two"
        _ = state.handle(.graded(kata: "01-singleton", verdict, at: Date(timeIntervalSince1970: 0)))
        #expect(state.render().text.contains("Read: “Page two” in the lesson (l opens it)"))
        _ = state.handle(.key(.character("l")))
        guard case .lesson(let position) = state.screen else {
            Issue.record("l did not open the lesson")
            return
        }
        #expect(position.lesson == "singleton" && position.page == 1, "the heading is on page 2")
    }

    @Test mutating func theMapSaysWhichWorkspaceWhenItIsNotTheDefault() {
        state.size = (24, 80)
        #expect(!state.render().text.contains("Workspace:"))
        state.content.workspaceNote = "Workspace: /tmp/class (found from the current folder)"
        #expect(state.render().text.contains("Workspace: /tmp/class (found from the current folder)"))
    }

    @Test mutating func anyOtherKeyOverThePassPopupStaysOnTheKata() {
        _ = state.handle(.key(.character("o")))
        _ = state.handle(
            .graded(kata: "01-singleton", SampleTutorial.verdict(passing: true), at: Date(timeIntervalSince1970: 0)))
        _ = state.handle(.key(.character("x")))
        #expect(state.overlay == nil)
        #expect(state.screen == .kata(.init(kata: "01-singleton")))
    }

    @Test mutating func resetAsksFirst() {
        _ = state.handle(.key(.character("o")))
        #expect(state.handle(.key(.character("x"))) == [])
        #expect(state.overlay == .confirmReset(kata: "01-singleton"))
        #expect(state.handle(.key(.character("y"))) == [.reset(kata: "01-singleton")])
    }

    @Test mutating func theSolutionNeedsAPassOrAnOverride() {
        _ = state.handle(.key(.character("o")))
        #expect(state.handle(.key(.character("s"))) == [])
        #expect(state.overlay == .confirmSolution(kata: "01-singleton"))
        #expect(state.handle(.key(.character("y"))) == [.loadSolution(kata: "01-singleton")])
        let effects = state.handle(.solutionLoaded(kata: "01-singleton", diff: ["--- yours", "+++ solution"]))
        #expect(state.progress.katas["01-singleton"]?.solutionViewed == true)
        #expect(effects == [.saveProgress(state.progress)])
        _ = state.handle(.key(.character("q")))
        _ = state.handle(.graded(kata: "01-singleton", SampleTutorial.verdict(passing: true), at: Date()))
        state.overlay = nil
        #expect(state.handle(.key(.character("s"))) == [.loadSolution(kata: "01-singleton")])
    }

    @Test mutating func editOpensTheFileOfTheSelectedCheck() {
        _ = state.handle(.key(.character("o")))
        #expect(
            state.handle(.key(.character("e"))) == [
                .openEditor(
                    path: "/home/ada/.local/share/dikata/workspace/01-singleton/Sources/APIClient/ServerAPIClient.swift"
                )
            ])
        _ = state.handle(.graded(kata: "01-singleton", SampleTutorial.verdict(passing: false), at: Date()))
        _ = state.handle(.key(.down))
        #expect(
            state.handle(.key(.character("e"))) == [
                .openEditor(
                    path: "/home/ada/.local/share/dikata/workspace/01-singleton/Sources/APIClient/InstallationID.swift")
            ])
    }

    @Test mutating func searchJumpsToMatchesAndCyclesThem() {
        state.size = (12, 60)
        _ = state.handle(.key(.enter))
        _ = state.handle(.key(.character("/")))
        for character in "volatile" { _ = state.handle(.key(.character(character))) }
        #expect(state.searchInput == "volatile")
        _ = state.handle(.key(.enter))
        guard case .lesson(let position) = state.screen else {
            Issue.record("not in the lesson")
            return
        }
        #expect(position.search == "volatile")
        let lines = state.lessonLines(position)
        #expect(
            lines[position.scroll].text.lowercased().contains("volatile")
                || position.scroll == max(0, lines.count - state.bodyHeight))
        _ = state.handle(.key(.character("/")))
        for character in "nowhere-to-be-found" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.enter))
        #expect(state.overlay == .message("No match for “nowhere-to-be-found”."))
    }

    @Test mutating func searchLooksThroughEveryPageOfTheLessonThenNamesTheOtherLessons() {
        state.size = (12, 60)
        _ = state.handle(.key(.enter))
        _ = state.handle(.key(.character("/")))
        for character in "second page" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.enter))
        guard case .lesson(let found) = state.screen else {
            Issue.record("not in the lesson")
            return
        }
        #expect(found.page == 1, "the text is only on page 2")
        let visible = state.lessonLines(found).dropFirst(found.scroll).prefix(state.bodyHeight)
        #expect(visible.contains { $0.text.lowercased().contains("second page") }, "the match is on screen")
        #expect(state.overlay == nil)

        _ = state.handle(.key(.character("n")))
        guard case .lesson(let again) = state.screen else { return }
        #expect(again.page == 1 && again.scroll == found.scroll, "one match: n comes back to it")

        _ = state.handle(.key(.character("/")))
        for character in "swap behaviour" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.enter))
        #expect(state.overlay == .message("No match for “swap behaviour” in this lesson. It is in: Glossary."))
    }

    @Test mutating func lessonPagesAndScrollingStayInBounds() {
        state.size = (10, 60)
        _ = state.handle(.key(.enter))
        _ = state.handle(.key(.up))
        #expect(state.screen == .lesson(.init(lesson: "singleton", scroll: 0)))
        _ = state.handle(.key(.end))
        guard case .lesson(let bottom) = state.screen else { return }
        #expect(bottom.scroll == state.lessonLines(bottom).count - state.bodyHeight)
        _ = state.handle(.key(.pageDown))
        #expect(state.screen == .lesson(bottom), "cannot scroll past the end")
        _ = state.handle(.key(.right))
        #expect(state.screen == .lesson(.init(lesson: "singleton", page: 1)))
        _ = state.handle(.key(.right))
        #expect(state.overlay == .message("End of the lesson. Press o to open its kata, or Esc for the map."))
    }

    @Test mutating func ctrlCQuitsFromAnywhereAndResizeIsRemembered() {
        _ = state.handle(.resize(rows: 40, cols: 120))
        #expect(state.size == (40, 120))
        _ = state.handle(.key(.enter))
        #expect(state.handle(.key(.interrupt)) == [.quit])
        #expect(state.quitting)
    }

    @Test mutating func helpOpensEverywhereAndAnyKeyClosesIt() {
        _ = state.handle(.key(.character("?")))
        #expect(state.overlay == .help)
        _ = state.handle(.key(.character("j")))
        #expect(state.overlay == nil)
        #expect(state.selection == 0, "the key that closed help did nothing else")
    }

    @Test func progressStatusesFollowTheCatalog() {
        var progress = LearnerProgress()
        progress.record(SampleTutorial.verdict(passing: false), at: Date())
        let state = SampleTutorial.state(progress: progress)
        #expect(state.status(of: "01-singleton") == .inProgress)
        #expect(state.status(of: "02-global-state") == .locked)
    }
}

/// Joining a workshop from the tutorial's stage map.
struct JoinFormTests {
    @Test func theJoinFormCollectsThreeFieldsAndAsksTheShellToJoin() {
        var state = SampleTutorial.state()
        _ = state.handle(.key(.character("W")))
        guard case .joinWorkshop = state.overlay else {
            Issue.record("no join form")
            return
        }
        for character in "127.0.0.1:8750" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.enter))
        for character in "Ada" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.tab))
        for character in "4jfmvw" { _ = state.handle(.key(.character(character))) }
        _ = state.handle(.key(.backspace))
        _ = state.handle(.key(.character("w")))
        let effects = state.handle(.key(.enter))
        #expect(effects == [.joinWorkshop(url: "http://127.0.0.1:8750", name: "Ada", code: "4JFMVW")])
        _ = state.handle(.workshopJoined(error: "The workshop host refused (401): wrong join code."))
        guard case .joinWorkshop(let form) = state.overlay else {
            Issue.record("the form closed on an error")
            return
        }
        #expect(form.note == "The workshop host refused (401): wrong join code.")
        #expect(state.render().text.contains("wrong join code"))
        _ = state.handle(.workshopJoined(error: nil))
        #expect(state.overlay == .message("Joined the workshop. Your grades are now sent to its host."))
    }

    @Test func escapeCancelsTheForm() {
        var state = SampleTutorial.state()
        _ = state.handle(.key(.character("W")))
        #expect(state.handle(.key(.escape)) == [])
        #expect(state.overlay == nil)
        #expect(state.screen == .stageMap, "Esc closed the form, it did not quit")
    }
}

/// Issue 14's tutorial fixes: watch, reset messages, quitting from the stage map.
struct WatchAndResetTests {
    var state = SampleTutorial.state()

    @Test mutating func turningWatchingBackOnGradesWhatChangedMeanwhile() {
        _ = state.handle(.key(.character("o")))
        #expect(state.handle(.key(.character("w"))) == [])
        #expect(!state.watching)
        #expect(state.handle(.key(.character("w"))) == [.grade(kata: "01-singleton")])
        #expect(state.watching)
    }

    @Test mutating func aResetWithNothingToBackUpDoesNotClaimABackup() {
        _ = state.handle(.resetFinished(kata: "01-singleton", backup: nil, error: nil))
        #expect(state.overlay == .message("01-singleton is back to its starter."))
        _ = state.handle(.resetFinished(kata: "01-singleton", backup: "/ws/.dikata/backups/x", error: nil))
        #expect(
            state.overlay
                == .message("01-singleton is back to its starter. Your files were backed up to /ws/.dikata/backups/x."))
    }

    @Test mutating func escOnTheStageMapAsksBeforeQuittingAndQQuits() {
        #expect(state.handle(.key(.escape)) == [])
        #expect(state.overlay == .confirmQuit)
        #expect(state.render().text.contains("Quit dikata? (y/n)"))
        #expect(state.handle(.key(.character("n"))) == [])
        #expect(state.overlay == nil && !state.quitting && state.screen == .stageMap)
        _ = state.handle(.key(.escape))
        #expect(state.handle(.key(.character("y"))) == [.quit])
        #expect(state.quitting)
        var other = SampleTutorial.state()
        #expect(other.handle(.key(.character("q"))) == [.quit])
    }

    @Test func theTitleBarNamesTheSelectedKata() {
        #expect(state.render().text.hasPrefix(" dikata · 01-singleton "))
    }

    @Test mutating func startedInsideAKataFolderTheTutorialOpensThatKata() {
        state.start(onKata: "01-singleton")
        #expect(state.screen == .kata(.init(kata: "01-singleton")))
        #expect(state.progress.current == "01-singleton")
        _ = state.handle(.key(.escape))
        #expect(state.screen == .stageMap)
        #expect(state.render().text.hasPrefix(" dikata · 01-singleton "))
        var locked = SampleTutorial.state()
        locked.start(onKata: "02-global-state")
        #expect(locked.overlay == .confirmUnlock(kata: "02-global-state"))
        var unknown = SampleTutorial.state()
        unknown.start(onKata: "Sources")
        #expect(unknown.screen == .stageMap && unknown.overlay == nil)
    }
}
