import ArgumentParser
import CursesShell
import DIKataCore
import Foundation
import Grading
import Lessons
import TerminalUI

/// `dikata` with no arguments: the full-screen tutorial on the workspace (created on first
/// run). Without a terminal, or with --plain, it prints the same overview as text.
struct TutorialCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tutorial",
        abstract: "Open the tutorial (the default command): stage map, lessons, katas, grading on save.")

    @OptionGroup var options: WorkspaceOptions

    @Flag(name: .long, help: "Print text instead of opening the full-screen tutorial.")
    var plain = false

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.library)
            let (workspace, standingIn, announcement) = try root.locateWorkspace(explicit: options.workspace)
            let created = try PlainOverview.ensureWorkspace(workspace, library: library)
            let progress = root.progressStore(for: workspace).load()
            guard !plain, root.standardOutputIsTerminal, root.environment["TERM"] != "dumb",
                let terminal = CursesTerminal(colour: root.useColour, escapeTimeout: root.escapeTimeout)
            else {
                PlainOverview.write(root: root, library: library, workspace: workspace, created: created)
                return .success
            }
            let bootstrap = TutorialBootstrap(root: root, library: library, workspace: workspace)
            var content: TutorialContent
            let grader: Grader
            do {
                content = try bootstrap.content()
                content.workspaceNote = announcement
                grader = try await root.grader()
            } catch {
                terminal.close()
                throw error
            }
            var state = AppState(
                content: content, progress: progress, size: terminal.size,
                theme: terminal.usesColour ? .colour : .monochrome)
            if let standingIn { state.start(onKata: standingIn) }
            if let created {
                state.overlay = .message(created.replacingOccurrences(of: "\n\n", with: "\n"))
            }
            let frameLog = root.environment["DIKATA_TRACE_FRAMES"].flatMap { $0.isEmpty ? nil : $0 }
            let loop = TutorialLoop(
                terminal: terminal, services: bootstrap.services(grader: grader),
                watcher: root.fileWatcher, progressWatcher: root.fileWatcher,
                frameTimer: frameLog.map { path in
                    { seconds in root.append(String(format: "frame %.6f\n", seconds), toFile: path) }
                },
                firstFrameDrawn: frameLog.map { path in
                    {
                        root.append(
                            String(format: "first_frame %.6f\n", root.now().timeIntervalSince1970), toFile: path)
                    }
                },
                gradeTrace: frameLog.map { path in
                    let append = root.append
                    return { event in append(Self.traceLine(event), path) }
                })
            let status = await loop.run(state)
            if status != 0 { throw ExitCode(status) }
            return .success
        }
    }
}

extension TutorialCommand {
    /// One line of DIKATA_TRACE_FRAMES for a grade: when it started, and when its verdict was on
    /// screen with the grade's own duration.
    static func traceLine(_ event: TutorialLoop.GradeTrace) -> String {
        switch event {
        case .started(let kata, let at):
            return "grade_start " + String(format: "%.6f", at.timeIntervalSince1970) + " \(kata)\n"
        case .verdictDrawn(let kata, let at, let seconds):
            return "verdict_frame " + String(format: "%.6f %.6f", at.timeIntervalSince1970, seconds) + " \(kata)\n"
        }
    }
}

/// `dikata lesson ID --plain`: a lesson as text, for pipes, screen readers and scripts.
struct LessonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lesson", abstract: "Print a lesson as text (by its id, or its kata's id, number or prefix).")

    @Argument(help: ArgumentHelp("The lesson: its id, or the number of the kata it prepares.", valueName: "lesson"))
    var lesson: String

    @Flag(name: .long, help: "Plain text (the default when not on a terminal; kept for scripts).")
    var plain = false

    @Option(name: .long, help: "Wrap at this many columns (default: $COLUMNS, else 80).")
    var width: Int?

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.library)
            let bootstrap = TutorialBootstrap(
                root: root, library: library,
                workspace: try root.workspace(explicit: options.workspace, announce: false))
            let (index, directory) = try bootstrap.lessonIndex()
            guard let found = LessonLookup.find(lesson, in: index) else {
                throw CommandFailure(.usage, LessonLookup.noMatch(lesson, in: index))
            }
            let columns = width ?? root.environment["COLUMNS"].flatMap(Int.init) ?? 80
            let layout = DocumentLayout(width: max(40, columns))
            var text = found.title + "\n" + String(repeating: "=", count: DisplayWidth.of(found.title)) + "\n"
            for (number, page) in found.pages.enumerated() {
                let blocks = MarkdownParser().parse(TutorialBootstrap.pageText(page, in: directory))
                if found.pages.count > 1 { text += "\n[page \(number + 1) of \(found.pages.count)]\n" }
                text += "\n" + layout.layout(blocks).map(\.text).joined(separator: "\n") + "\n"
            }
            if let kata = found.kata { text += "\nKata: \(kata) (dikata grade \(kata))\n" }
            root.write(text)
            return .success
        }
    }
}
