import ArgumentParser
import Foundation
import Grading
import WorkshopHost

/// `--verify` and its bounds: the host regrades every shared code with the hidden checks.
struct RegradeOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: """
            Regrade each shared code here with the hidden checks (the real `dikata grade`, in its sandbox) and \
            mark results verified or mismatch. Costs CPU: one grade per share.
            """)
    var verify = false

    @Option(
        name: .long,
        help: ArgumentHelp("The dikata that regrades (default: the dikata next to dikata-host).", valueName: "path"))
    var grader: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The kata library the grader uses (default: the grader's own).", valueName: "dir"))
    var kataLibrary: String?

    @Option(name: .long, help: ArgumentHelp("Regrades at once (default: the machine's cores).", valueName: "n"))
    var regradeJobs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("Regrades waiting at most (default 64); shares beyond stay self-reported.", valueName: "n"))
    var regradeQueue: Int = 64

    @Option(name: .long, help: ArgumentHelp("Seconds one regrade may take (default 300).", valueName: "s"))
    var regradeTimeout: Int = 300

    func validate() throws {
        guard (regradeJobs ?? 1) >= 1, regradeQueue >= 1, regradeTimeout >= 1 else {
            throw ValidationError("--regrade-jobs, --regrade-queue and --regrade-timeout must be at least 1.")
        }
        guard verify || (grader == nil && kataLibrary == nil) else {
            throw ValidationError("--grader and --kata-library only matter with --verify.")
        }
    }

    /// The regrading to configure, or nil without `--verify`. `hostExecutable` is this program's
    /// path (the default grader sits next to it).
    func regrading(hostExecutable: String, cores: Int, environment: [String: String]) throws -> Regrading? {
        guard verify else { return nil }
        let path = graderPath(hostExecutable: hostExecutable)
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ValidationError(
                "--verify needs dikata to regrade with, and \(path) is not an executable. Build it (`swift build --product dikata`) or pass --grader PATH."
            )
        }
        let grader = HostGrader.subprocess(
            executable: path, library: kataLibrary, runner: PosixProcessRunner(now: { Date() }),
            environment: environment, timeout: Double(regradeTimeout),
            scratch: FileManager.default.temporaryDirectory, newName: { UUID().uuidString.lowercased() })
        return Regrading(concurrent: regradeJobs ?? cores, pending: regradeQueue, grader: grader)
    }

    /// `--grader`, else the `dikata` next to this program.
    func graderPath(hostExecutable: String) -> String {
        grader
            ?? URL(fileURLWithPath: hostExecutable).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("dikata").path
    }

    /// The line the host prints when it regrades.
    func announcement(_ regrading: Regrading, hostExecutable: String) -> String {
        "Regrading shared code with \(graderPath(hostExecutable: hostExecutable)): \(regrading.concurrent) at once, "
            + "\(regrading.pending) waiting at most, \(regradeTimeout) s each.\n"
    }
}
