import ArgumentParser
import DIKataCore
import Grading

/// `dikata init [DIR]`: creates a workspace with every kata's starter.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a workspace with every kata's starter package.",
        discussion: "Existing kata folders are never overwritten, so running it again only adds missing katas.")

    @Argument(help: ArgumentHelp("Where to create the workspace (default: the default workspace).", valueName: "dir"))
    var directory: String?

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.library)
            let workspace = try root.workspaceToCreate(at: directory, explicit: options.workspace)
            let report: Workspace.InitReport
            do {
                report = try workspace.initialise(from: library)
            } catch {
                throw CommandFailure(
                    .usage, "Cannot create the workspace at \(workspace.root.path): \(error.localizedDescription)")
            }
            root.write(WorkspaceText.initialised(report, workspace: workspace, library: library))
            return .success
        }
    }
}

/// User-facing text about workspaces, gathered in one place.
enum WorkspaceText {
    static func initialised(_ report: Workspace.InitReport, workspace: Workspace, library: KataLibrary) -> String {
        var lines: [String] = []
        if report.created.isEmpty {
            lines.append(
                "Workspace at \(workspace.root.path) already has every kata (\(report.kept.count)); nothing changed.")
        } else {
            lines.append(
                "Created \(report.created.count) kata\(report.created.count == 1 ? "" : "s") in \(workspace.root.path):"
            )
            for id in report.created { lines.append("  \(workspace.packageDirectory(for: id).path)") }
            if !report.kept.isEmpty {
                lines.append(
                    "Kept \(report.kept.count) existing kata folder\(report.kept.count == 1 ? "" : "s") untouched.")
            }
        }
        if let first = library.ordered.first {
            lines.append("")
            lines.append("Next: read \(first.id)/README.md, edit the package in your editor, then run `dikata grade`.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func missing(_ workspace: Workspace) -> String {
        "There is no dikata workspace at \(workspace.root.path). Run `dikata init` (or pass --workspace DIR)."
    }
}
