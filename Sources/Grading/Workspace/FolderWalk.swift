import Foundation

/// The entries below a folder, as sorted paths relative to it: the one place dikata walks a
/// folder. Each caller says which folders are never entered.
public struct FolderWalk: Sendable {
    public var root: URL
    /// Folder names never entered, at any depth (e.g. `.build`).
    public var skipping: Set<String>
    /// Whether entries whose name starts with `.` are left out (and such folders never entered).
    public var skipsHidden: Bool

    public init(_ root: URL, skipping: Set<String> = [], skipsHidden: Bool = false) {
        self.root = root
        self.skipping = skipping
        self.skipsHidden = skipsHidden
    }

    /// Every file below the folder (anything that is not a folder), or only those directly in
    /// it when `recursive` is false; empty when the folder cannot be read.
    public func files(recursive: Bool = true) -> [String] {
        entries(recursive: recursive).filter { !$0.isFolder }.map(\.path)
    }

    /// The folders directly in the folder.
    public func folders() -> [String] {
        entries(recursive: false).filter(\.isFolder).map(\.path)
    }

    /// Files directly in the folder whose name ends in `suffix`, as URLs, sorted by name.
    public func files(endingIn suffix: String) -> [URL] {
        files(recursive: false).filter { $0.hasSuffix(suffix) }.map { root.appendingPathComponent($0) }
    }

    private func entries(recursive: Bool) -> [(path: String, isFolder: Bool)] {
        let fileManager = FileManager.default
        var found: [(path: String, isFolder: Bool)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root.appendingPathComponent(relative)
            for name in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                if skipsHidden && name.hasPrefix(".") { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                let url = folder.appendingPathComponent(name)
                // Links are entries, never followed: a link to a folder is not walked into.
                let isLink = (try? fileManager.destinationOfSymbolicLink(atPath: url.path)) != nil
                let isFolder =
                    !isLink && fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
                if isFolder && skipping.contains(name) { continue }
                found.append((path, isFolder))
                if isFolder && recursive { pending.append(path) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
