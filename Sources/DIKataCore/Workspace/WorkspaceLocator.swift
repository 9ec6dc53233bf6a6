import Foundation

/// Finds the learner's workspace the way git finds `.git`: the folder the learner stands in
/// (or one above it) wins, then `--workspace`, then `DIKATA_WORKSPACE`, then the default under
/// `$XDG_DATA_HOME`. The current folder, the environment and the file system are passed in.
public struct WorkspaceLocator: Sendable {
    /// What is at a path.
    public enum Entry: Equatable, Sendable {
        case missing, file, directory
    }

    /// The folder the command was started in.
    public var currentDirectory: String
    public var environment: [String: String]
    public var home: String
    /// What is at a path (live: `FileManager`; tests: an in-memory tree).
    public var entry: @Sendable (_ path: String) -> Entry

    public init(
        currentDirectory: String, environment: [String: String], home: String,
        entry: @escaping @Sendable (_ path: String) -> Entry
    ) {
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.home = home
        self.entry = entry
    }

    /// The workspace marker, relative to a workspace's root.
    public static let marker = ".dikata/workspace.json"

    public func locate(explicit: String?) throws(WorkspaceLocationError) -> WorkspaceLocation {
        if var found = enclosingWorkspace() {
            // Standing in the default workspace is still the default: nothing to announce.
            if found.root == defaultRoot { found.source = .default }
            return found
        }
        let chosen: WorkspaceLocation
        if let explicit, !explicit.isEmpty {
            chosen = WorkspaceLocation(root: absolute(explicit), source: .option)
        } else if let variable = environment["DIKATA_WORKSPACE"], !variable.isEmpty {
            chosen = WorkspaceLocation(root: absolute(variable), source: .environment)
        } else {
            chosen = WorkspaceLocation(root: defaultRoot, source: .default)
        }
        if entry(chosen.root) == .file { throw .notAFolder(chosen.root, chosen.source) }
        return chosen
    }

    /// `$XDG_DATA_HOME/dikata/workspace`, else `~/.local/share/dikata/workspace`.
    var defaultRoot: String {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        return absolute(data + "/dikata/workspace")
    }

    /// The nearest folder at or above the current one holding a workspace marker, and the kata
    /// folder (the first component below it) the learner stands in.
    func enclosingWorkspace() -> WorkspaceLocation? {
        var components = absolute(currentDirectory).split(separator: "/").map(String.init)
        var below: [String] = []
        while true {
            let path = "/" + components.joined(separator: "/")
            if entry(path == "/" ? "/" + Self.marker : path + "/" + Self.marker) == .file {
                let kata = below.last.flatMap { $0.hasPrefix(".") ? nil : $0 }
                return WorkspaceLocation(root: path, source: .currentFolder, kata: kata)
            }
            guard let last = components.popLast() else { return nil }
            below.append(last)
        }
    }

    private func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// Where the workspace is, how it was chosen, and the kata folder the learner stands in.
public struct WorkspaceLocation: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        case currentFolder, option, environment, `default`
    }

    /// The workspace's root folder (absolute, normalised).
    public var root: String
    public var source: Source
    /// The kata folder holding the current folder, when the learner stands in one.
    public var kata: String?

    public init(root: String, source: Source, kata: String? = nil) {
        self.root = root
        self.source = source
        self.kata = kata
    }

    /// "Using the workspace …" for any workspace but the default; nil for the default.
    public var announcement: String? {
        let reason: String
        switch source {
        case .default: return nil
        case .currentFolder: reason = "found from the current folder"
        case .option: reason = "from --workspace"
        case .environment: reason = "from $DIKATA_WORKSPACE"
        }
        return "Workspace: \(root) (\(reason))"
    }
}

/// Why no workspace can be used.
public enum WorkspaceLocationError: Error, Equatable, CustomStringConvertible {
    /// The chosen path is a file.
    case notAFolder(String, WorkspaceLocation.Source)

    public var description: String {
        switch self {
        case .notAFolder(let path, let source):
            let origin =
                switch source {
                case .option: "--workspace"
                case .environment: "$DIKATA_WORKSPACE"
                default: "The workspace path"
                }
            return
                "\(origin) names \(path), which is a file, not a folder. Pass a folder (dikata init DIR creates one)."
        }
    }
}
