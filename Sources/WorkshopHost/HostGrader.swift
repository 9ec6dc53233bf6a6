import DIKataCore
import Foundation
import Grading
import Synchronization

/// Grades a participant's shared code on the host, with the hidden checks. The live value runs
/// the real `dikata grade --json` (its sandbox, its kata library) on a fresh copy of the code
/// through a `ProcessRunning`; tests pass a grader of their own or a scripted runner.
public struct HostGrader: Sendable {
    public enum Outcome: Equatable, Sendable {
        case graded(points: Int, maxPoints: Int, passed: Bool)
        /// The host could not grade the code, and why.
        case failed(String)
    }

    /// Grades `files` (paths relative to the kata package → text) as kata `kata`.
    public var grade: @Sendable (_ kata: String, _ files: [String: String]) async -> Outcome

    public init(grade: @escaping @Sendable (String, [String: String]) async -> Outcome) { self.grade = grade }

    /// Runs `executable grade --submission COPY --kata KATA --format json --exit-zero` through
    /// `runner`, in a folder of its own under `scratch` (named by `newName`, removed afterwards).
    public static func subprocess(
        executable: String, library: String?, runner: any ProcessRunning, environment: [String: String],
        timeout: Double, scratch: URL, newName: @escaping @Sendable () -> String
    ) -> HostGrader {
        HostGrader { kata, files in
            let folder = scratch.appendingPathComponent("regrade-" + newName(), isDirectory: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let package = folder.appendingPathComponent(kata, isDirectory: true)
            if let problem = copy(files, into: package) { return .failed(problem) }
            var arguments = [
                "grade", "--submission", package.path, "--kata", kata, "--format", "json", "--exit-zero",
            ]
            if let library { arguments += ["--library", library] }
            // A cancelled grade (the host is stopping) kills its process group.
            let cancelled = CancelFlag()
            let result = await withTaskCancellationHandler {
                await runner.run(
                    ProcessRequest(
                        executable: executable, arguments: arguments, environment: environment,
                        workingDirectory: folder.path, timeout: timeout, outputLimit: 4 << 20,
                        shouldStop: { cancelled.isSet }, purpose: "regrade \(kata)"))
            } onCancel: {
                cancelled.set()
            }
            return outcome(of: result, kata: kata, timeout: timeout)
        }
    }

    /// Writes the shared files under `package`; a problem when a path would leave it.
    static func copy(_ files: [String: String], into package: URL) -> String? {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard !path.hasPrefix("/"), !parts.isEmpty, !path.contains("\0"), !path.contains("\\"),
                parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
            else { return "the shared path \"\(TerminalText.inert(path))\" is not inside the kata package" }
            let file = package.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            } catch {
                return "the shared code could not be copied (\(error.localizedDescription))"
            }
        }
        return nil
    }

    /// The grade in a finished `dikata grade --json`, or why there is none.
    static func outcome(of result: ProcessResult, kata: String, timeout: Double) -> Outcome {
        switch result.termination {
        case .exited(0): break
        case .timedOut: return .failed("grading took longer than \(Int(timeout)) s")
        case .stopped: return .failed("the host stopped before the grade ended")
        case .failedToStart(let reason): return .failed("the grader did not start: \(reason)")
        default:
            let why = result.stderr.text.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            return .failed("the grader ended with \(result.termination) \(why)".trimmingCharacters(in: .whitespaces))
        }
        guard let verdict = (try? JSONReport().decode(result.stdout.text))?.first(where: { $0.kata.id == kata }) else {
            return .failed("the grader's report could not be read")
        }
        return .graded(
            points: verdict.totals.points, maxPoints: verdict.totals.maxPoints, passed: verdict.outcome == .passed)
    }
}

/// Set once, read from the process runner's polling thread.
final class CancelFlag: Sendable {
    private let flag = Mutex(false)
    var isSet: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }
}
