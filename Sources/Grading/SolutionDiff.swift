import DIKataCore
import Foundation

/// The reference solution shown as a unified diff against the learner's code (`diff -ruN`,
/// from diffutils, started by the one process runner).
public struct SolutionDiff: Sendable {
    public var runner: any ProcessRunning
    public var scratch: URL
    public var diffPath: String

    public init(runner: any ProcessRunning, scratch: URL, diffPath: String = "/usr/bin/diff") {
        self.runner = runner
        self.scratch = scratch
        self.diffPath = diffPath
    }

    public func lines(for kata: Kata, learnerPackage: URL) async -> [String] {
        let solution = scratch.appendingPathComponent("solution-\(kata.id)", isDirectory: true)
        do {
            try KataPackage.assemble(kata, overlays: [kata.solution], into: solution)
        } catch {
            return ["The solution could not be assembled: \(error.localizedDescription)"]
        }
        let result = await runner.run(
            ProcessRequest(
                executable: diffPath,
                arguments: [
                    "-ruN", "-x", ".build", "-x", ".swiftpm", learnerPackage.path, solution.path,
                ],
                environment: ["LANG": "C.UTF-8"], timeout: 20, purpose: "compare your code with the solution"))
        switch result.termination {
        case .exited(0): return ["Your code is the same as the reference solution."]
        case .exited(1):
            return UnifiedDiffText.relabel(
                result.stdout.text, old: learnerPackage.standardizedFileURL.path,
                new: solution.standardizedFileURL.path)
        default:
            return ["The solution could not be compared with your code: \(result.combinedOutput)"]
        }
    }
}
