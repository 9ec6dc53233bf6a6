import DIKataCore
import Foundation

/// `dikata dev chain`: checks one link of the kata chain. solution(from) + delta(to) must be
/// starter(to) byte for byte, starter(to) must build (the grader's build), and kata `from`'s
/// hidden checks must still pass on starter(to), except those the delta declares broken.
public struct ChainVerifier: Sendable {
    public var grader: Grader
    /// The diff of two package folders (its process runner and `diff`).
    public var diff: SolutionDiff
    /// Where packages are assembled (a scratch folder, never the workspace).
    public var scratch: URL

    public init(grader: Grader, diff: SolutionDiff, scratch: URL) {
        self.grader = grader
        self.diff = diff
        self.scratch = scratch
    }

    /// The katas whose link is checked: those named, else every kata with a delta, in order.
    public static func chained(_ library: KataLibrary, named: [Kata] = []) -> [Kata] {
        (named.isEmpty ? library.ordered : named).filter { $0.delta != nil }
    }

    /// What solution(from) + delta(to) gives: the previous solution without the files the
    /// delta removes, then the delta's files on top.
    public static func expectedStarter(of kata: Kata, after previous: Kata) throws -> KataFiles {
        try KataFiles.solution(of: previous).removing(kata.delta?.remove ?? []).overlaid(with: kata.deltaDirectory)
    }

    public func verify(_ kata: Kata, in library: KataLibrary) async throws(GradingError) -> ChainLink {
        guard let delta = kata.delta, let previous = library.kata(delta.from) else {
            throw .configuration("\(kata.id) has no delta/delta.yaml naming a kata of the library.")
        }
        var link = ChainLink(from: previous.id, to: kata.id)
        link.deltaFiles = KataFiles.folder(kata.deltaDirectory).overlaidFiles + delta.remove.count
        let folder = scratch.appendingPathComponent(kata.id, isDirectory: true)
        let (solutionFolder, expectedFolder, starterFolder) = (
            folder.appendingPathComponent("previous-solution"), folder.appendingPathComponent("expected"),
            folder.appendingPathComponent("starter")
        )
        let starter = KataFiles.starter(of: kata)
        var expected: KataFiles?
        do {
            expected = try Self.expectedStarter(of: kata, after: previous)
        } catch {
            link.problems.append(
                "delta.yaml `remove` names a file solution(\(previous.id)) does not have: \(error.localizedDescription)"
            )
        }
        do {
            try starter.write(to: starterFolder)
            try KataFiles.solution(of: previous).write(to: solutionFolder)
            try expected?.write(to: expectedFolder)
        } catch {
            throw .internal("could not assemble the link \(previous.id) → \(kata.id): \(error.localizedDescription)")
        }
        if let expected {
            link.difference = .between(expected: expected.contents(), actual: starter.contents())
        }
        link.change = await compare(
            solutionFolder, starterFolder, "solution(\(previous.id)) with starter(\(kata.id))", problems: &link.problems
        ).stats
        if !link.difference.isEmpty {
            (link.outside, link.excerpt) = await compare(
                expectedFolder, starterFolder, "solution(\(previous.id)) + delta with starter(\(kata.id))",
                problems: &link.problems)
        }
        let own = try await grader.grade(kata, package: starterFolder)
        link.buildError = ChainLink.buildError(in: own)
        guard link.buildError == nil else { return link }
        let hidden = try await grader.grade(previous, package: starterFolder)
        (link.unexpectedFailures, link.passingBreaks) = ChainLink.hiddenRegressions(hidden, breaks: delta.breaks)
        return link
    }

    /// `diff -ruN` of two folders: the counts and the diff itself.
    private func compare(
        _ left: URL, _ right: URL, _ name: String, problems: inout [String]
    ) async -> (stats: DiffStats, lines: [String]) {
        switch await diff.compare(left, right, absentAsEmpty: true, purpose: "compare \(name)") {
        case .same: return (DiffStats(), [])
        case .differs(let lines): return (DiffStats(unifiedDiff: lines), lines)
        case .failed(let output):
            problems.append("Could not compare \(name): \(output)")
            return (DiffStats(), [])
        }
    }
}

extension KataFiles {
    /// How many files a delta folder lays over (its `delta.yaml` left out).
    var overlaidFiles: Int { files.keys.filter { !Self.metadataFiles.contains($0) }.count }
}
