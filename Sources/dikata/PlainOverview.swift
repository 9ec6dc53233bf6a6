import DIKataCore
import Grading

/// The text overview shown by `dikata status` and by `dikata` without a terminal.
enum PlainOverview {
    /// Creates the workspace when it does not exist; returns what was said about it.
    static func ensureWorkspace(_ workspace: Workspace, library: KataLibrary) throws -> String? {
        guard !workspace.exists else { return nil }
        do {
            let report = try workspace.initialise(from: library)
            return WorkspaceText.initialised(report, workspace: workspace, library: library)
        } catch {
            throw CommandFailure(
                .usage, "Cannot create the workspace at \(workspace.root.path): \(error.localizedDescription)")
        }
    }

    static func write(root: CompositionRoot, library: KataLibrary, workspace: Workspace, created: String?) {
        let progress = root.progressStore(for: workspace).load()
        if let created { root.write(created + "\n") }
        root.write("Workspace: \(workspace.root.path)\n\n" + KataListText.render(library: library, progress: progress))
        if let current = progress.currentKata(in: library.catalog) {
            root.write(
                "\nCurrent kata: \(workspace.packageDirectory(for: current).path)\nGrade it with `dikata grade`; read its lesson with `dikata lesson \(current) --plain`.\n"
            )
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
                let score = entry.flatMap { $0.attempts > 0 ? "  \($0.bestPoints)/\($0.maxPoints)" : nil } ?? ""
                lines.append("  [\(mark)] \(kata.id)  \(kata.manifest.title)\(score)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
