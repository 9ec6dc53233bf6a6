import DIKataCore
import Foundation
import Grading

/// Which kata packages one `dikata grade` run grades, and how their files are named in reports.
struct GradePlan {
    struct Entry {
        var kata: Kata
        var package: URL
    }

    var entries: [Entry]
    /// True when grading the learner's own workspace (progress is recorded then).
    var isWorkspace: Bool
    var repositoryPath: @Sendable (String, String) -> String

    static func make(
        library: KataLibrary, workspace: Workspace, progress: LearnerProgress, katas queries: [String],
        standingIn: String? = nil, selection: String?, submission: String?, singleKata: String?
    ) throws -> GradePlan {
        if let submission {
            let root = URL(fileURLWithPath: submission).standardizedFileURL
            guard FileManager.default.fileExists(atPath: root.path) else {
                throw CommandFailure(.usage, "The submission folder \(root.path) does not exist.")
            }
            if let singleKata {
                let kata = try resolve(singleKata, in: library)
                return GradePlan(
                    entries: [Entry(kata: kata, package: root)], isWorkspace: false, repositoryPath: { _, file in file }
                )
            }
            var chosen = try choose(queries: queries, selection: selection, library: library)
            if chosen.isEmpty {
                chosen = library.ordered.filter {
                    FileManager.default.fileExists(atPath: root.appendingPathComponent($0.id).path)
                }
                guard !chosen.isEmpty else {
                    throw CommandFailure(
                        .usage,
                        "\(root.path) has no kata folders (\(library.ordered.prefix(3).map(\.id).joined(separator: ", "))…). Pass --kata ID if it is a single kata package."
                    )
                }
            }
            return GradePlan(
                entries: chosen.map { Entry(kata: $0, package: root.appendingPathComponent($0.id, isDirectory: true)) },
                isWorkspace: false, repositoryPath: { kata, file in "\(kata)/\(file)" })
        }
        var chosen = try choose(queries: queries, selection: selection, library: library)
        if chosen.isEmpty {
            guard workspace.exists else { throw CommandFailure(.usage, WorkspaceText.missing(workspace)) }
            // The kata folder the learner stands in, else the one they are working on.
            guard let id = standingIn.flatMap(library.kata)?.id ?? progress.currentKata(in: library.catalog),
                let kata = library.kata(id)
            else {
                throw CommandFailure(.usage, "The kata library is empty.")
            }
            chosen = [kata]
        }
        for kata in chosen where !FileManager.default.fileExists(atPath: workspace.packageDirectory(for: kata.id).path)
        {
            if !workspace.exists { throw CommandFailure(.usage, WorkspaceText.missing(workspace)) }
            throw CommandFailure(
                .usage,
                "\(workspace.packageDirectory(for: kata.id).path) does not exist. Run `dikata reset \(kata.id)` to get its starter back."
            )
        }
        let base = workspace.root.path
        return GradePlan(
            entries: chosen.map { Entry(kata: $0, package: workspace.packageDirectory(for: $0.id)) }, isWorkspace: true,
            repositoryPath: { kata, file in "\(base)/\(kata)/\(file)" })
    }

    private static func choose(queries: [String], selection: String?, library: KataLibrary) throws -> [Kata] {
        var chosen = try queries.map { try resolve($0, in: library) }
        if let selection {
            switch KataSelection.resolve(selection, in: library.catalog.orderedKataIDs) {
            case .success(let ids): chosen += ids.compactMap(library.kata)
            case .failure(.noMatch(let part)):
                throw CommandFailure(.usage, "--katas: no kata matches \"\(part)\". Known katas: \(known(library)).")
            }
        }
        var seen: Set<String> = []
        return chosen.filter { seen.insert($0.id).inserted }
    }

    static func resolve(_ query: String, in library: KataLibrary) throws -> Kata {
        guard let kata = library.resolve(query) else {
            let suggestion = NameSuggestion.closest(to: query, among: library.ordered.map(\.id))
            throw CommandFailure(
                .usage,
                "No kata matches \"\(query)\".\(suggestion.map { " Did you mean \($0)?" } ?? "") Known katas: \(known(library))."
            )
        }
        return kata
    }

    private static func known(_ library: KataLibrary) -> String { library.ordered.map(\.id).joined(separator: ", ") }
}
