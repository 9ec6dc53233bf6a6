import ArgumentParser
import DIKataCore
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
            let workspace = root.workspace(explicit: options.workspace)
            let progress = root.progressStore(for: workspace).load()
            root.write(KataListText.render(library: library, progress: progress))
            return .success
        }
    }
}

/// `dikata` with no arguments: makes sure the workspace exists and shows where things are.
/// (The full-screen tutorial replaces this view when it lands.)
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show your workspace and progress (creates the workspace on first run).")

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.library)
            let workspace = root.workspace(explicit: options.workspace)
            if !workspace.exists {
                do {
                    let report = try workspace.initialise(from: library)
                    root.write(WorkspaceText.initialised(report, workspace: workspace, library: library) + "\n")
                } catch {
                    throw CommandFailure(.usage, "Cannot create the workspace at \(workspace.root.path): \(error.localizedDescription)")
                }
            }
            let progress = root.progressStore(for: workspace).load()
            root.write("Workspace: \(workspace.root.path)\n\n")
            root.write(KataListText.render(library: library, progress: progress))
            if let current = progress.currentKata(in: library.catalog) {
                root.write("\nCurrent kata: \(workspace.packageDirectory(for: current).path)\nGrade it with `dikata grade`.\n")
            }
            return .success
        }
    }
}

enum KataListText {
    static func render(library: KataLibrary, progress: LearnerProgress) -> String {
        var lines: [String] = []
        for track in library.catalog.tracks {
            lines.append(track.title)
            for id in track.katas {
                guard let kata = library.kata(id) else { continue }
                let entry = progress.katas[id]
                let mark: String
                switch entry {
                case .some(let entry) where entry.passed: mark = "✓"
                case .some(let entry) where entry.attempts > 0: mark = "…"
                default: mark = " "
                }
                let score = entry.map { "  \($0.bestPoints)/\($0.maxPoints)" } ?? ""
                lines.append("  [\(mark)] \(kata.id)  \(kata.manifest.title)\(score)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
