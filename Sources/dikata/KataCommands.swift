import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata reset KATA`: the kata's starter back, after a timestamped backup of the learner's folder.
struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Restore a kata's starter package (your folder is backed up first).",
        discussion: "The backup goes to .dikata/backups/KATA-TIME/ in the workspace; its path is printed.")

    @Argument(help: ArgumentHelp("The kata: its id (01-singleton), number (1) or a unique prefix.", valueName: "kata"))
    var kata: String

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let (_, workspace, kata) = try root.kataInWorkspace(kata, options: options)
            let backup: URL?
            do {
                backup = try workspace.resetKeepingBackup(kata, at: root.now())
            } catch {
                throw CommandFailure(.usage, "Cannot reset \(kata.id): \(error.localizedDescription)")
            }
            root.write(KataCommandText.reset(kata.id, folder: workspace.packageDirectory(for: kata.id), backup: backup))
            return .success
        }
    }
}

/// `dikata hint [KATA] [N]`: the next hint not shown yet (or hint N), recorded in progress.
struct HintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Show the next hint of a kata (or hint N); the tutorial counts it as shown too.",
        discussion: "Without KATA: the kata folder you are in, else the kata you are working on.")

    @Argument(help: ArgumentHelp("The kata (default: the one you are in or working on).", valueName: "kata"))
    var kata: String?

    @Argument(help: ArgumentHelp("Which hint (1, 2, 3…); default: the next one not shown yet.", valueName: "n"))
    var number: Int?

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let (_, workspace, kata) = try root.kataInWorkspace(kata, options: options)
            let store = root.progressStore(for: workspace)
            let reveal: HintReveal
            do throws(HintReveal.Problem) {
                reveal = try HintReveal.reveal(
                    number, of: kata.id, hints: kata.manifest.hints, progress: store.load())
            } catch {
                throw CommandFailure(.usage, error.description)
            }
            root.write(KataCommandText.hints(reveal, kata: kata.id))
            root.save(reveal.progress, to: store)
            return .success
        }
    }
}

/// `dikata solution [KATA]`: the reference solution as a diff against the learner's code.
struct SolutionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solution",
        abstract: "Show the reference solution as a diff against your code (after a pass, or with --force).")

    @Argument(help: ArgumentHelp("The kata (default: the one you are in or working on).", valueName: "kata"))
    var kata: String?

    @Flag(name: .long, help: "Show it before the kata passes (asks first; recorded in your progress).")
    var force = false

    @Flag(name: .long, help: "With --force: do not ask.")
    var yes = false

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let (_, workspace, kata) = try root.kataInWorkspace(kata, options: options)
            let store = root.progressStore(for: workspace)
            var progress = store.load()
            let passed = progress.katas[kata.id]?.passed == true
            switch SolutionAccess.decide(
                kata: kata.id, passed: passed, force: force, yes: yes, canAsk: root.standardInputIsTerminal)
            {
            case .show: break
            case .refuse(let message): throw CommandFailure(.usage, message)
            case .confirm(let question):
                root.writeError(question)
                guard root.readLine()?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
                    root.writeError("The solution stays hidden.\n")
                    return .success
                }
            }
            let diff = await SolutionDiff(
                runner: PosixProcessRunner(now: root.now),
                scratch: root.cacheRoot.appendingPathComponent("cli", isDirectory: true)
            ).lines(for: kata, learnerPackage: workspace.packageDirectory(for: kata.id))
            root.write(KataCommandText.diff(diff, colour: root.useColour))
            var entry = progress.katas[kata.id] ?? LearnerProgress.KataProgress()
            entry.solutionViewed = true
            progress.katas[kata.id] = entry
            root.save(progress, to: store)
            return .success
        }
    }
}

extension CompositionRoot {
    /// The library, the workspace in use and the kata named by `query` (else the kata folder
    /// the learner stands in, else the kata they are working on).
    func kataInWorkspace(_ query: String?, options: WorkspaceOptions) throws -> (KataLibrary, Workspace, Kata) {
        let library = try library(override: options.library)
        let (workspace, standingIn, _) = try locateWorkspace(explicit: options.workspace)
        guard workspace.exists else { throw CommandFailure(.usage, WorkspaceText.missing(workspace)) }
        if let query { return (library, workspace, try GradePlan.resolve(query, in: library)) }
        let id =
            standingIn.flatMap(library.kata)?.id
            ?? progressStore(for: workspace).load().currentKata(
                in: library.catalog)
        guard let kata = id.flatMap(library.kata) else { throw CommandFailure(.usage, "The kata library is empty.") }
        return (library, workspace, kata)
    }

    func save(_ progress: LearnerProgress, to store: ProgressStore) {
        do { _ = try store.save(progress) } catch {
            writeError(
                "warning: your progress could not be saved in \(store.file.path): \(error.localizedDescription)\n")
        }
    }
}
