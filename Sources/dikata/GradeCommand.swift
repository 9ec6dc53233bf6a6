import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata grade [KATA]`: runs a kata's hidden checks against the learner's package.
struct GradeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade a kata in your workspace against its hidden checks.",
        discussion: """
            Without KATA, grades the kata you are working on. Grading copies your package
            first and never changes anything in your workspace. The JSON format is described
            in docs/verdict-schema.json.

            \(ExitStatus.documentation)
            """)

    @Argument(help: ArgumentHelp("The kata: its id (01-singleton), number (1) or a unique prefix.", valueName: "kata"))
    var kata: String?

    @OptionGroup var options: WorkspaceOptions

    @Option(name: .long, help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(
        name: .long,
        help: ArgumentHelp("Grade this package folder instead of the workspace's copy of the kata.", valueName: "dir"))
    var package: String?

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.katas)
            let workspace = root.workspace(explicit: options.workspace)
            let store = root.progressStore(for: workspace)
            let kata = try selectKata(library: library, workspace: workspace, store: store)
            let packageDirectory = package.map { URL(fileURLWithPath: $0) } ?? workspace.packageDirectory(for: kata.id)
            guard FileManager.default.fileExists(atPath: packageDirectory.path) else {
                if package == nil && !workspace.exists { throw CommandFailure(.usage, WorkspaceText.missing(workspace)) }
                throw CommandFailure(
                    .usage, "\(packageDirectory.path) does not exist. Run `dikata init` to restore missing katas.")
            }
            let grader = try await root.grader()
            let verdict: Verdict
            do {
                verdict = try await grader.grade(kata, package: packageDirectory, progress: root.progressReporter())
            } catch let error as GradingError {
                switch error {
                case .kata, .configuration: throw CommandFailure(.usage, error.description)
                case .internal: throw CommandFailure(.internalError, error.description)
                }
            } catch {
                throw CommandFailure(.internalError, "\(error)")
            }
            switch format {
            case .text:
                let base = packageDirectory.standardizedFileURL.path
                let report = TextReport(colour: root.useColour, displayPath: { "\(base)/\($0)" })
                root.write(report.render(verdict))
            case .json:
                root.write(JSONReport().render([verdict]))
            }
            if package == nil && workspace.exists {
                var progress = store.load()
                progress.record(verdict, at: root.now())
                try? store.save(progress)
            }
            return verdict.outcome == .passed ? .success : .checksFailed
        }
    }

    private func selectKata(library: KataLibrary, workspace: Workspace, store: ProgressStore) throws -> Kata {
        if let kata {
            guard let found = library.resolve(kata) else {
                let known = library.ordered.map(\.id).joined(separator: ", ")
                throw CommandFailure(.usage, "No kata matches \"\(kata)\". Known katas: \(known).")
            }
            return found
        }
        guard workspace.exists || package != nil else { throw CommandFailure(.usage, WorkspaceText.missing(workspace)) }
        guard let id = store.load().currentKata(in: library.catalog), let found = library.kata(id) else {
            throw CommandFailure(.usage, "The kata library is empty.")
        }
        return found
    }
}

extension ReportFormat: ExpressibleByArgument {}
