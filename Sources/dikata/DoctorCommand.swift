import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata doctor`: checks the toolchain, the sandbox, the katas and the terminal, and says
/// what to install.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Check that this machine can run dikata, and say what to install.")

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            var findings: [DoctorReport.Finding] = []
            var cache = root.buildFolders
            do {
                let grader = try await root.grader()
                cache = grader.environment.buildFolders
                let version = await PosixProcessRunner(now: root.now).run(
                    ProcessRequest(
                        executable: grader.environment.swiftc, arguments: ["--version"], environment: root.environment,
                        timeout: 20, purpose: "read the Swift version"))
                let line = version.stdout.text.split(separator: "\n").first.map(String.init) ?? "unknown version"
                findings.append(.init("Swift toolchain", .ok, "\(grader.environment.swiftc) (\(line))"))
                switch grader.environment.sandbox.tool {
                case .bubblewrap(let path) where grader.environment.sandbox.setsid == nil:
                    findings.append(
                        .init(
                            "sandbox", .warning,
                            "bubblewrap at \(path), but no setsid: each compile sets up a sandbox of its own (slower)",
                            fix: "install util-linux (apt-get install util-linux)"))
                case .bubblewrap(let path):
                    findings.append(
                        .init("sandbox", .ok, "bubblewrap at \(path); a grade's compiles share one sandbox (setsid)"))
                case .none(let reason):
                    findings.append(
                        .init(
                            "sandbox", .warning, "no sandbox: \(reason); your code runs with your own rights",
                            fix: "install bubblewrap (apt-get install bubblewrap; dnf install bubblewrap)"))
                }
            } catch let failure as CommandFailure {
                findings.append(
                    .init(
                        "Swift toolchain", .missing, failure.message,
                        fix: "install Swift 6 from https://swift.org/install"))
            }
            let diff = FileManager.default.isExecutableFile(atPath: "/usr/bin/diff")
            findings.append(
                diff
                    ? .init("diff", .ok, "/usr/bin/diff (for the solution diff)")
                    : .init(
                        "diff", .warning, "/usr/bin/diff is missing: the solution diff cannot be shown",
                        fix: "install diffutils (apt-get install diffutils)"))
            do {
                let library = try root.library(override: options.library)
                findings.append(.init("katas", .ok, "\(library.katas.count) katas in \(library.root.path)"))
            } catch let failure as CommandFailure {
                findings.append(
                    .init("katas", .missing, failure.message, fix: "pass --library DIR or set DIKATA_KATAS"))
            }
            let workspace = try root.workspace(explicit: options.workspace, announce: false)
            findings.append(
                workspace.exists
                    ? .init("workspace", .ok, workspace.root.path)
                    : .init("workspace", .warning, "none yet at \(workspace.root.path)", fix: "run `dikata init`"))
            findings.append(DoctorReport.editor(environment: root.environment, isExecutable: root.isExecutableOnPath))
            findings.append(
                DoctorReport.terminal(environment: root.environment, isTerminal: root.standardOutputIsTerminal))
            let folders = cache.entries()
            let bytes = folders.reduce(Int64(0)) {
                $0 + BuildFolders.size(of: cache.root.appendingPathComponent($1.name))
            }
            findings.append(
                .init(
                    "build cache", .ok,
                    "\(folders.count) build folder\(folders.count == 1 ? "" : "s") (\(BuildFolders.megabytes(bytes))) in \(cache.root.path); the \(cache.limit) most recently graded stay, `dikata clean` removes them"
                ))
            let report = DoctorReport(findings: findings)
            root.write(report.text)
            return report.canGrade ? .success : .usage
        }
    }
}
