import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata grade-batch DIR --kata ID`: grades one submission per subfolder into a gradebook.
struct GradeBatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade-batch",
        abstract: "Grade one submission per subfolder of DIR (e.g. a classroom export) into a gradebook.",
        discussion: """
            Each entry gets a row. A subfolder is a kata package, a workspace with a <kata id>/ \
            folder, or a folder holding one of those (GitHub's "Download ZIP" layout); a .zip is \
            unpacked (with unzip) and read the same way; anything else (a hidden folder, another \
            file) gets an error row saying why. Hidden files are no entries. Submissions \
            are graded independently (a crash, hang or compile error in one never affects \
            another). Running again regrades only submissions whose Swift files or manifest \
            changed, and every submission when the kata (checks, points, hidden checks) or dikata \
            changed; --regrade grades them all. The gradebook is CSV or JSON, chosen by the --out \
            file's extension, and is rewritten after each submission: Ctrl-C or SIGTERM keeps the \
            rows finished so far (exit 130 or 143) and the next run grades the rest.

            --shard I/N grades every N-th entry in name order, starting at the I-th: run N shards \
            (e.g. a CI matrix), then `dikata gradebook merge` their gradebooks into the one an \
            unsharded run writes.

            Exit code 0 when every submission was graded (whatever the scores), 2 for usage errors.
            """)

    @Argument(help: ArgumentHelp("The folder holding one submission per subfolder.", valueName: "dir"))
    var directory: String

    @Option(name: .long, help: ArgumentHelp("The kata the submissions are for.", valueName: "id"))
    var kata: String

    @Option(name: .long, help: "How many submissions to grade at once (default: the number of cores).")
    var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("The gradebook file: .csv or .json.", valueName: "file"))
    var out: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The kata library folder (default: $DIKATA_KATAS, else the built-in katas).", valueName: "dir"))
    var library: String?

    @Flag(name: .long, help: "Grade every submission again, even unchanged ones.")
    var regrade = false

    @Option(name: .long, help: ArgumentHelp("Grade only slice I of N (e.g. 2/4) of the entries.", valueName: "i/n"))
    var shard: String?

    func validate() throws {
        guard out.hasSuffix(".csv") || out.hasSuffix(".json") else {
            throw ValidationError("--out must name a .csv or .json file.")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        if let shard, GradebookShard(shard) == nil {
            throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N (e.g. 2/4), not \"\(shard)\".")
        }
    }

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: library)
            let kata = try GradePlan.resolve(kata, in: library)
            let folder = URL(fileURLWithPath: directory)
            let scratch = GradePaths.temporaryFolder(root: root)
                .appendingPathComponent("dikata-batch-\(root.newID().uuidString.prefix(8).lowercased())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let entries = BatchEntries.live(runner: PosixProcessRunner(now: root.now), scratch: scratch)
            var submissions: [BatchGrader.Submission]
            do {
                submissions = try await entries.submissions(in: folder, kataID: kata.id)
            } catch {
                throw CommandFailure(
                    .usage, "Cannot read the submissions in \(folder.path): \(error.localizedDescription)")
            }
            guard !submissions.isEmpty else {
                throw CommandFailure(.usage, "\(folder.path) has no submissions.")
            }
            // A shard may be empty (more runners than entries): it writes an empty gradebook.
            if let slice = shard.flatMap(GradebookShard.init) { submissions = slice.select(submissions, name: \.name) }
            let outURL = URL(fileURLWithPath: out)
            let previous = GradebookJournal.previousState(of: outURL)
            let journal = GradebookJournal(out: outURL, kata: kata, previous: previous)
            var batch = BatchGrader(
                grader: try await root.grader(), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                dikataVersion: DikataVersion.current)
            batch.graderFolders = GradePaths.graderFolders(root: root)
            let outcome = await batch.grade(
                kata, submissions: submissions, previous: previous, regrade: regrade,
                interrupts: root.interruptSignals(), progress: root.batchProgressReporter(),
                finished: { journal.record($0) })
            root.finishProgressLine()
            do throws(GradingError) { try journal.flush() } catch { throw CommandFailure(.usage, error.description) }
            let gradebook = outcome.gradebook
            let graded = gradebook.rows.filter { $0.verdict != nil }
            let passed = graded.filter { $0.verdict?.outcome == .passed }.count
            root.write(
                "Graded \(graded.count) of \(gradebook.rows.count) submissions of \(kata.id): \(passed) passed every check. Gradebook: \(outURL.path)\n"
            )
            for row in gradebook.rows.sorted(by: { $0.submission < $1.submission }) where row.error != nil {
                root.writeError("  \(row.submission): \(row.error ?? "")\n")
            }
            if let signal = outcome.interruptedBy {
                root.writeError(
                    "Stopped by \(signal == SIGTERM ? "SIGTERM" : "SIGINT") after \(gradebook.rows.count) of \(submissions.count) submissions; the gradebook holds those. Run the same command again to grade the rest.\n"
                )
                throw ExitCode(128 + signal)
            }
            return .success
        }
    }
}
