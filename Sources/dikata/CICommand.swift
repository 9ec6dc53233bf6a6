import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata ci …`: continuous-integration helpers for instructors.
struct CICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ci", abstract: "Set up grading in CI.", subcommands: [CIInitCommand.self])
}

/// `dikata ci init [DIR] [--github|--gitlab]`: writes a ready CI workflow into a repository.
struct CIInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a CI workflow that grades the katas in a learner's repository.",
        discussion: """
            GitHub Actions (.github/workflows/dikata.yml) or GitLab CI (.gitlab-ci.yml): installs \
            the system packages, builds dikata (cached), grades every kata present, keeps the JUnit \
            report and fails below --min-score. --classroom writes a GitHub Classroom assignment's \
            workflow (.github/workflows/classroom.yml) that reports the points to Classroom. \
            --github --matrix N --kata ID writes a workflow for a class repository instead: dikata \
            built once and passed on, N runners each grading a --shard of --submissions, and a \
            job merging their gradebooks. An existing file is kept unless --force, which first \
            saves it as <file>.backup-<time>.
            """)

    @Argument(help: ArgumentHelp("The repository to write into (default: the current folder).", valueName: "dir"))
    var directory: String = "."

    @Flag(help: "Which CI to write for.")
    var provider: CIWorkflow.Provider = .github

    @Option(
        name: .long,
        help: ArgumentHelp("Git URL to build dikata from (default: this dikata checkout's origin).", valueName: "url"))
    var dikataURL: String?

    @Option(name: .long, help: ArgumentHelp("Branch or tag of dikata to build.", valueName: "ref"))
    var dikataRef: String = "main"

    @Option(name: .long, help: ArgumentHelp("Passing bar: points (12) or a percentage (80%).", valueName: "n"))
    var minScore: String = "100%"

    @Flag(name: .long, help: "Replace an existing workflow file (after backing it up).")
    var force = false

    @Option(name: .long, help: ArgumentHelp("With --github: grade a class over N runners.", valueName: "n"))
    var matrix: Int?

    @Option(name: .long, help: ArgumentHelp("With --matrix: the kata the submissions are for.", valueName: "id"))
    var kata: String?

    @Option(
        name: .long,
        help: ArgumentHelp("With --matrix: the folder of submissions (default: submissions).", valueName: "dir"))
    var submissions: String = "submissions"

    func validate() throws {
        if let matrix {
            guard provider == .github else { throw ValidationError("--matrix works with --github only.") }
            guard (1...256).contains(matrix) else { throw ValidationError("--matrix takes 1 to 256 runners.") }
            guard kata != nil else { throw ValidationError("--matrix needs --kata ID: the kata the class submits.") }
        }
        guard MinimumScore(minScore) != nil else {
            throw ValidationError("--min-score takes points (12) or a percentage (80%), not \"\(minScore)\".")
        }
    }

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            guard let url = dikataURL ?? root.dikataOrigin() else {
                throw CommandFailure(
                    .usage,
                    "Cannot tell where dikata's source lives. Pass --dikata-url with the git URL your CI should build dikata from."
                )
            }
            let workflow = CIWorkflow(
                provider: provider, dikataURL: url, dikataRef: dikataRef, minimumScore: minScore,
                matrix: matrix.map { CIWorkflow.Matrix(shards: $0, kata: kata ?? "", submissions: submissions) })
            let file = URL(fileURLWithPath: directory).appendingPathComponent(provider.path)
            let fileManager = FileManager.default
            var backup: URL?
            if fileManager.fileExists(atPath: file.path) {
                guard force else {
                    throw CommandFailure(
                        .usage,
                        "\(file.path) already exists; nothing was changed. Pass --force to replace it (it is backed up first)."
                    )
                }
                let stamp = Int(root.now().timeIntervalSince1970)
                let copy = file.deletingLastPathComponent().appendingPathComponent(
                    "\(file.lastPathComponent).backup-\(stamp)")
                do { try fileManager.copyItem(at: file, to: copy) } catch {
                    throw CommandFailure(
                        .usage, "Cannot back up \(file.path): \(error.localizedDescription); nothing was changed.")
                }
                backup = copy
            }
            do {
                try fileManager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(workflow.text.utf8).write(to: file, options: .atomic)
            } catch {
                throw CommandFailure(.usage, "Cannot write \(file.path): \(error.localizedDescription)")
            }
            let does =
                if let matrix {
                    "grades \(submissions)/ for \(kata ?? "") on \(matrix) runners and merges their gradebooks"
                } else if provider == .classroom {
                    "reports the points to GitHub Classroom"
                } else {
                    "passes at \(minScore)"
                }
            var message =
                "Wrote \(file.path) (\(provider.rawValue)); it builds dikata from \(url) @ \(dikataRef) and \(does)."
            if let backup { message += "\nThe previous file is saved as \(backup.path)." }
            root.write(message + "\n")
            return .success
        }
    }
}

extension CIWorkflow.Provider: EnumerableFlag {}
