import DIKataCore
import Foundation
import Grading

extension CompositionRoot {
    /// Finds workspaces from this root's current folder and environment, on the real file system.
    var workspaceLocator: WorkspaceLocator {
        WorkspaceLocator(
            currentDirectory: currentDirectory, environment: environment, home: home,
            entry: { path in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
                return isDirectory.boolValue ? .directory : .file
            })
    }

    /// The workspace in use (the one the current folder is in, else `--workspace`, else
    /// `DIKATA_WORKSPACE`, else the default) and the kata folder the learner stands in.
    /// Says on stderr which workspace it is when it is not the default (`announce`).
    func locateWorkspace(explicit: String?, announce: Bool = true) throws -> (
        workspace: Workspace, kata: String?, announcement: String?
    ) {
        let location: WorkspaceLocation
        do {
            location = try workspaceLocator.locate(explicit: explicit)
        } catch {
            throw CommandFailure(.usage, error.description)
        }
        if announce, let line = location.announcement { writeError(line + "\n") }
        if location.source != .option, let explicit, !explicit.isEmpty,
            URL(fileURLWithPath: explicit, relativeTo: URL(fileURLWithPath: currentDirectory)).standardizedFileURL
                .path != location.root
        {
            writeError("note: you are inside the workspace \(location.root); --workspace \(explicit) is not used.\n")
        }
        return (
            Workspace(root: URL(fileURLWithPath: location.root, isDirectory: true)), location.kata,
            location.announcement
        )
    }

    /// The workspace in use (see `locateWorkspace`).
    func workspace(explicit: String?, announce: Bool = true) throws -> Workspace {
        try locateWorkspace(explicit: explicit, announce: announce).workspace
    }

    /// `dikata init DIR` creates the workspace at DIR; without DIR, the workspace in use.
    func workspaceToCreate(at directory: String?, explicit: String?) throws -> Workspace {
        guard let directory, !directory.isEmpty else { return try workspace(explicit: explicit) }
        let url = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: currentDirectory))
            .standardizedFileURL
        if workspaceLocator.entry(url.path) == .file {
            throw CommandFailure(.usage, "\(url.path) is a file, not a folder. Pass a folder for the workspace.")
        }
        return Workspace(root: url)
    }

    /// Whether `program` (a path, or a name looked up on `PATH`) can be run.
    func isExecutableOnPath(_ program: String) -> Bool {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}
