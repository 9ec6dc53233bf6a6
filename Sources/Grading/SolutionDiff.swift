import DIKataCore
import Foundation

/// The reference solution shown as a unified diff against the learner's code (`diff -ru`,
/// from diffutils, started by the one process runner). `compare` is the one diff of two
/// package folders, also used by `dikata dev chain`.
public struct SolutionDiff: Sendable {
    public var runner: any ProcessRunning
    public var scratch: URL
    public var diffPath: String

    public init(runner: any ProcessRunning, scratch: URL, diffPath: String = "/usr/bin/diff") {
        self.runner = runner
        self.scratch = scratch
        self.diffPath = diffPath
    }

    /// Two package folders compared.
    public enum Comparison: Equatable, Sendable {
        case same
        /// The unified diff, with both folders' paths taken out.
        case differs([String])
        case failed(String)
    }

    public func lines(for kata: Kata, learnerPackage: URL) async -> [String] {
        let solution = scratch.appendingPathComponent("solution-\(kata.id)", isDirectory: true)
        do {
            try KataPackage.assemble(kata, overlays: [kata.solution], into: solution)
        } catch {
            return ["The solution could not be assembled: \(error.localizedDescription)"]
        }
        switch await compare(
            learnerPackage, solution, labels: ("yours", "solution"), purpose: "compare your code with the solution")
        {
        case .same: return ["Your code is the same as the reference solution."]
        case .differs(let lines): return lines
        case .failed(let output): return ["The solution could not be compared with your code: \(output)"]
        }
    }

    /// `diff -ru` of two folders (build folders left out). With `absentAsEmpty` (`-N`), a file
    /// only one side has shows as all added or all removed instead of "Only in". Without
    /// labels, each file's header names its package path (no timestamps).
    public func compare(
        _ left: URL, _ right: URL, labels: (String, String)? = nil, absentAsEmpty: Bool = false, purpose: String
    ) async -> Comparison {
        let result = await runner.run(
            ProcessRequest(
                executable: diffPath,
                arguments: [absentAsEmpty ? "-ruN" : "-ru", "-x", ".build", "-x", ".swiftpm"]
                    + (labels.map { ["--label", $0.0, "--label", $0.1] } ?? []) + [left.path, right.path],
                environment: ["LANG": "C.UTF-8"], timeout: 20, purpose: purpose))
        switch result.termination {
        case .exited(0): return .same
        case .exited(1):
            let leftPath = left.standardizedFileURL.path + "/"
            let rightPath = right.standardizedFileURL.path + "/"
            return .differs(
                result.stdout.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    let relative = line.replacingOccurrences(of: leftPath, with: "")
                        .replacingOccurrences(of: rightPath, with: "")
                    let isHeader = labels == nil && (relative.hasPrefix("--- ") || relative.hasPrefix("+++ "))
                    return isHeader ? String(relative.prefix { $0 != "\t" }) : relative
                })
        default:
            return .failed(result.combinedOutput)
        }
    }
}
