import ArgumentParser
import Grading

/// `dikata list`: every kata in learning order with the learner's progress.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the katas in learning order with your progress.")

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.library)
            let workspace = try root.workspace(explicit: options.workspace)
            let progress = root.progressStore(for: workspace).load()
            root.write(KataListText.render(library: library, progress: progress))
            return .success
        }
    }
}

/// `dikata status`: the plain overview of the workspace (created on first run) and progress.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show your workspace and progress (creates the workspace on first run).")

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.library)
            let workspace = try root.workspace(explicit: options.workspace)
            let created = try PlainOverview.ensureWorkspace(workspace, library: library)
            PlainOverview.write(root: root, library: library, workspace: workspace, created: created)
            return .success
        }
    }
}
