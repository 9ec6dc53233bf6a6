import ArgumentParser
import CursesShell
import DIKataCore
import Foundation
import Grading

/// `dikata grade`: runs katas' hidden checks against a learner's workspace, a submitted
/// repository, or one kata package, and reports in the chosen format.
struct GradeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade katas against their hidden checks.",
        discussion: """
            Without KATA, grades the kata folder you are in, else the kata you are working on. With \
            --submission DIR, grades a submitted repository laid out like a workspace (one \
            folder per kata; all katas present, or those chosen with KATA or --katas 01-04); \
            add --kata ID when DIR is a single kata package. Hidden checks always come from \
            dikata, never from the submission. Grading copies the code first and never changes it.

            With --watch, grades one kata now and again after every save of its Swift files, in \
            one process, until Ctrl-C (exit 130): in a terminal each text report replaces the last; \
            --format json prints one line per grade (JSON Lines). The tutorial grades on save the \
            same way.

            Formats: text, json (docs/verdict-schema.json), exercism (results.json v3), \
            gradescope, junit, github (annotations; also appends a Markdown summary to \
            $GITHUB_STEP_SUMMARY when set), markdown, classroom (GitHub Classroom's autograding \
            runner result; the \"Points N/M\" line goes to stderr).

            \(ExitStatus.documentation)
              With --min-score N (points) or N%, 0 means the score reached it.
              With --exit-zero, graded results always exit 0 (as Exercism requires).
            """)

    @Argument(help: ArgumentHelp("Katas: ids (01-singleton), numbers (1) or unique prefixes.", valueName: "kata"))
    var katas: [String] = []

    @OptionGroup var options: WorkspaceOptions

    @Option(name: .long, help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(
        name: .long,
        help: ArgumentHelp("Grade this submitted repository (or, with --kata, this kata package).", valueName: "dir"))
    var submission: String?

    @Option(
        name: .long, help: ArgumentHelp("With --submission: the kata the submitted package is for.", valueName: "id"))
    var kata: String?

    @Option(
        name: .customLong("katas"),
        help: ArgumentHelp("Choose katas by range or list, e.g. 01-04 or 1,3.", valueName: "range"))
    var selection: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Grade this kata package folder (same as --submission DIR --kata KATA).", valueName: "dir",
            visibility: .hidden))
    var package: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Pass when the total score reaches N points or N% (default: every check).", valueName: "n"))
    var minScore: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --submission: put P before report paths (default: the submission's path in its git repository).",
            valueName: "p"))
    var pathPrefix: String?

    @Flag(name: .long, help: "Exit 0 whatever the grade (errors still exit 2 or 3).")
    var exitZero = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Grade one kata now and again after every save of its files, until Ctrl-C (text, or json: one line per grade)."
        ))
    var watch = false

    @Option(
        name: .long, help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var out: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write FORMAT to FILE (repeatable), e.g. --report junit=results.xml.", valueName: "format=file"))
    var extraReports: [String] = []

    /// `--report` entries as (format, file); nil for an entry that is not FORMAT=FILE.
    private var reportRequests: [(format: ReportFormat, file: String)?] {
        extraReports.map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let format = ReportFormat(rawValue: parts[0]), !parts[1].isEmpty else { return nil }
            return (format, parts[1])
        }
    }

    func validate() throws {
        for (entry, request) in zip(extraReports, reportRequests) where request == nil {
            throw ValidationError(
                "--report takes FORMAT=FILE with FORMAT one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(entry)\"."
            )
        }
        if watch, let conflict = watchConflict {
            throw ValidationError("--watch grades your own kata while you edit it, so it cannot be used \(conflict).")
        }
    }

    /// What `--watch` cannot be combined with, if anything was given.
    private var watchConflict: String? {
        if submission != nil { return "with --submission (a submission is graded once: drop --watch)" }
        if katas.count > 1 || selection != nil {
            return "for more than one kata (name one, or none for the one you are in)"
        }
        if format != .text && format != .json { return "with --format \(format.rawValue) (use text or json)" }
        if out != nil || !extraReports.isEmpty { return "with --out or --report (each grade replaces the last)" }
        if minScore != nil || exitZero { return "with --min-score or --exit-zero (it stops only at Ctrl-C)" }
        return nil
    }

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let minimum = try minScore.map { text in
                guard let value = MinimumScore(text) else {
                    throw CommandFailure(
                        .usage, "--min-score takes a number of points (12) or a percentage (80%), not \"\(text)\".")
                }
                return value
            }
            // `--katas DIR` (a folder path) is the old spelling of `--library DIR`.
            let libraryOverride = options.library ?? selection.flatMap { $0.contains("/") ? $0 : nil }
            let chosen = selection.flatMap { $0.contains("/") ? nil : $0 }
            // One kata package (`--package`) needs only that kata's manifest; a query the catalog
            // does not resolve loads every kata, for the error and its suggestion.
            let single = kata ?? (package != nil ? katas.first : nil)
            let library = try root.library(
                override: libraryOverride,
                only: { catalog in
                    guard package != nil || submission != nil, let single,
                        let id = KataQuery.resolve(single, among: catalog.orderedKataIDs)
                    else { return nil }
                    return [id]
                })
            let (workspace, standingIn, _) = try root.locateWorkspace(
                explicit: options.workspace, announce: submission == nil && package == nil)
            let plan = try GradePlan.make(
                library: library, workspace: workspace, progress: root.progressStore(for: workspace).load(),
                katas: katas, standingIn: standingIn, selection: chosen, submission: submission ?? package,
                singleKata: single)
            let grader = try await root.grader()
            if watch {
                guard plan.entries.count == 1, let entry = plan.entries.first else {
                    throw CommandFailure(.usage, "--watch grades one kata: name it, or run it in the kata's folder.")
                }
                return try await watchGrades(entry, plan: plan, workspace: workspace, grader: grader, root: root)
            }
            var verdicts: [Verdict] = []
            for entry in plan.entries {
                verdicts.append(try await grade(entry, grader: grader, root: root))
            }
            // Only Exercism shows the hidden checks' code; don't read it for the other formats.
            let requests = reportRequests.compactMap { $0 }
            let formats = [format] + requests.map(\.format)
            let testCode =
                formats.contains(.exercism) || formats.contains(.classroom)
                ? Dictionary(uniqueKeysWithValues: plan.entries.map { ($0.kata.id, TestCodeIndex.make(for: $0.kata)) })
                : [:]
            let context = reportContext(plan: plan, testCode: testCode, root: root)
            let renderer = ReportRenderer(colour: out == nil && root.useColour, context: context)
            let report = renderer.render(verdicts, as: format)
            if let out {
                try write(report, to: out)
            } else {
                root.write(report)
            }
            for request in requests {
                try write(
                    ReportRenderer(colour: false, context: context).render(verdicts, as: request.format),
                    to: request.file)
            }
            if format == .github, let summary = root.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
                root.append(
                    ReportRenderer(colour: false, context: context).render(verdicts, as: .markdown) + "\n",
                    toFile: summary)
            }
            if formats.contains(.classroom) { root.writeError(ClassroomReport().pointsLine(verdicts) + "\n") }
            if plan.isWorkspace { await record(verdicts, in: workspace, root: root) }
            if exitZero { return .success }
            return GradePolicy.passes(verdicts, minimum: minimum) ? .success : .checksFailed
        }
    }

    /// Paths from the repository root (`--path-prefix`, else the submission's place in its git
    /// repository), and none of the grader's own absolute paths.
    private func reportContext(plan: GradePlan, testCode: [String: [String: String]], root: CompositionRoot)
        -> ReportContext
    {
        let folders = GradePaths.graderFolders(root: root)
        let redactions = Dictionary(
            plan.entries.map { ($0.kata.id, PathRedaction(graderFolders: folders, package: $0.package.path)) },
            uniquingKeysWith: { first, _ in first })
        let submitted = submission ?? package
        let prefix =
            plan.isWorkspace
            ? "" : pathPrefix ?? submitted.flatMap { RepositoryPath.prefix(of: URL(fileURLWithPath: $0)) } ?? ""
        let paths = plan.repositoryPath
        return ReportContext(
            testCode: testCode, repositoryPath: { RepositoryPath.joined(prefix, paths($0, $1)) }, redactions: redactions
        )
    }

    private func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure(.usage, "Cannot write the report to \(path): \(error.localizedDescription)")
        }
    }

    /// A workspace's grades go into its progress, and to the workshop the learner joined.
    private func record(_ verdicts: [Verdict], in workspace: Workspace, root: CompositionRoot) async {
        let store = root.progressStore(for: workspace)
        var progress = store.load()
        for verdict in verdicts { progress.record(verdict, at: root.now()) }
        root.save(progress, to: store)
        if let reporting = WorkshopReporting.make(root: root, workspace: workspace, http: root.makeHTTP()) {
            for verdict in verdicts { root.writeError(await reporting.report(verdict) + "\n") }
        }
    }

    /// `--watch`: grades `entry` now and after every save of its Swift files (Package.swift
    /// included), each report written as it comes: in a terminal, text replaces the last report
    /// on screen; json is one line per grade. Ends at Ctrl-C or SIGTERM with 128 + the signal.
    private func watchGrades(
        _ entry: GradePlan.Entry, plan: GradePlan, workspace: Workspace, grader: Grader, root: CompositionRoot
    ) async throws -> ExitStatus {
        let context = reportContext(plan: plan, testCode: [:], root: root)
        let clearsScreen = format == .text && root.standardOutputIsTerminal
        let colour = root.useColour
        let format = self.format
        let package = entry.package
        let loop = GradeWatchLoop(
            watcher: root.fileWatcher,
            files: { Workspace.swiftFiles(in: package) },
            grade: {
                do {
                    return .verdict(try await grade(entry, grader: grader, root: root))
                } catch {
                    return .failed("\(error)")
                }
            },
            show: { graded in
                if clearsScreen { root.write("\u{1B}[H\u{1B}[2J") }
                switch graded {
                case .verdict(let verdict):
                    let report =
                        format == .json
                        ? JSONReport(oneLine: true).render([verdict])
                        : ReportRenderer(colour: colour, context: context).render([verdict], as: .text)
                    root.write(report)
                    if plan.isWorkspace { await record([verdict], in: workspace, root: root) }
                case .failed(let message):
                    root.writeError("error: \(message)\n")
                }
                let clock = Date.FormatStyle(date: .omitted, time: .standard).format(root.now())
                root.writeError(GradeWatchLoop.status(kata: entry.kata.id, graded: graded, clock: clock) + "\n")
            },
            now: root.now, pause: root.pause)
        let signals = root.interruptSignals()
        let watching = Task { await loop.run() }
        let signal = await signals.next()
        watching.cancel()
        _ = await watching.value
        throw ExitCode(128 + (signal ?? SIGINT))
    }

    private func grade(_ entry: GradePlan.Entry, grader: Grader, root: CompositionRoot) async throws -> Verdict {
        guard FileManager.default.fileExists(atPath: entry.package.path) else {
            // A kata missing from a submission scores nothing, but does not stop the others.
            return VerdictBuilder().verdict(
                for: entry.kata.manifest, evidence: [:],
                problems: ["The submission has no \(entry.kata.id) folder."],
                isolation: grader.environment.sandbox.isolation, duration: 0)
        }
        do {
            return try await grader.grade(entry.kata, package: entry.package, progress: root.progressReporter())
        } catch {
            if case .internal = error { throw CommandFailure(.internalError, error.description) }
            throw CommandFailure(.usage, error.description)
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
