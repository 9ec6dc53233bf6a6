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
            Each subfolder is a kata package, or a workspace with a <kata id>/ folder. Submissions
            are graded independently (a crash, hang or compile error in one never affects
            another). Running again regrades only submissions that changed since the gradebook
            was written. The gradebook is CSV or JSON, chosen by the --out file's extension.
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

    func validate() throws {
        guard out.hasSuffix(".csv") || out.hasSuffix(".json") else {
            throw ValidationError("--out must name a .csv or .json file.")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: library)
            let kata = try GradePlan.resolve(kata, in: library)
            let folder = URL(fileURLWithPath: directory)
            let submissions: [BatchGrader.Submission]
            do {
                submissions = try BatchGrader.submissions(in: folder, kataID: kata.id)
            } catch {
                throw CommandFailure(
                    .usage, "Cannot read the submissions in \(folder.path): \(error.localizedDescription)")
            }
            guard !submissions.isEmpty else {
                throw CommandFailure(.usage, "\(folder.path) has no submission folders.")
            }
            let outURL = URL(fileURLWithPath: out)
            let state = outURL.appendingPathExtension("state.json")
            let previous = (try? String(contentsOf: state, encoding: .utf8)).flatMap { try? Gradebook.decode(json: $0) }
            let batch = BatchGrader(
                grader: try await root.grader(), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let report = root.batchProgressReporter()
            let gradebook = await batch.grade(kata, submissions: submissions, previous: previous, progress: report)
            root.finishProgressLine()
            do {
                let text = out.hasSuffix(".csv") ? gradebook.csv() : gradebook.json()
                try Data(text.utf8).write(to: outURL, options: .atomic)
                try Data(gradebook.json().utf8).write(to: state, options: .atomic)
            } catch {
                throw CommandFailure(.usage, "Cannot write the gradebook \(out): \(error.localizedDescription)")
            }
            let graded = gradebook.rows.filter { $0.verdict != nil }
            let passed = graded.filter { $0.verdict?.outcome == .passed }.count
            root.write(
                "Graded \(graded.count) of \(gradebook.rows.count) submissions of \(kata.id): \(passed) passed every check. Gradebook: \(outURL.path)\n"
            )
            for row in gradebook.rows where row.error != nil {
                root.writeError("  \(row.submission): \(row.error ?? "")\n")
            }
            return .success
        }
    }
}
