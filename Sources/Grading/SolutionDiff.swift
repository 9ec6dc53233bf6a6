import DIKataCore
import Foundation

/// The reference solution shown as a unified diff against the learner's code (`diff -ruN`,
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
        /// The unified diff, each file named by its package path under `a/` (left) and `b/`
        /// (right), without timestamps.
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
            learnerPackage, solution, absentAsEmpty: true, purpose: "compare your code with the solution")
        {
        case .same: return ["Your code is the same as the reference solution."]
        case .differs(let lines): return lines
        case .failed(let output): return ["The solution could not be compared with your code: \(output)"]
        }
    }

    /// `diff -ru` of two folders (build folders left out). With `absentAsEmpty` (`-N`), a file
    /// only one side has shows in full, as all added or all removed, instead of "Only in".
    public func compare(_ left: URL, _ right: URL, absentAsEmpty: Bool = false, purpose: String) async -> Comparison {
        let result = await runner.run(
            ProcessRequest(
                executable: diffPath,
                arguments: [absentAsEmpty ? "-ruN" : "-ru", "-x", ".build", "-x", ".swiftpm", left.path, right.path],
                environment: ["LANG": "C.UTF-8"], timeout: 20, purpose: purpose))
        switch result.termination {
        case .exited(0): return .same
        case .exited(1):
            return .differs(
                UnifiedDiffText.relabel(
                    result.stdout.text, old: left.standardizedFileURL.path, new: right.standardizedFileURL.path))
        default:
            return .failed(result.combinedOutput)
        }
    }
}
