import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata next [--from-mine]`: moves the learner on to the next kata.
struct NextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Move on to the next kata: make its folder if needed and say what to read.",
        discussion: """
            The next kata is the one after your current kata once it passed \
            (else after the last kata you passed). With --from-mine, its folder \
            is built from your own passing code plus the next kata's change, by \
            a three-way merge per file; on a conflict it falls back to the \
            reference starter and names the files. A folder with your edits is \
            backed up to .dikata/backups/ first.
            """)

    @Flag(name: .customLong("from-mine"), help: "Carry your own passing code into the next kata.")
    var fromMine = false

    @OptionGroup var options: WorkspaceOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: options.library)
            let workspace = try root.workspace(explicit: options.workspace)
            guard workspace.exists else { throw CommandFailure(.usage, WorkspaceText.missing(workspace)) }
            let store = root.progressStore(for: workspace)
            var progress = store.load()
            let choice = NextKata.choose(progress: progress, catalog: library.catalog)
            guard let nextID = choice.next, let next = library.kata(nextID) else {
                root.write("You have passed every kata. Well done.\n")
                return .success
            }
            // A kata's delta names the kata it starts from: for the advanced track that is stage 6,
            // not the kata before it in the catalog, so --from-mine carries that kata's code.
            let source = fromMine ? next.delta?.from ?? choice.from : choice.from
            let previous = source.flatMap(library.kata)
            if fromMine && previous == nil {
                throw CommandFailure(
                    .usage, "--from-mine carries a passing kata forward, and no kata has passed yet. Grade one first.")
            }
            let locator = ToolchainLocator(isExecutable: { FileManager.default.isExecutableFile(atPath: $0) })
            let merger = KataMerger(
                runner: PosixProcessRunner(now: root.now),
                git: locator.find("git", path: root.environment["PATH"] ?? "/usr/bin:/bin"),
                scratch: root.cacheRoot.appendingPathComponent("next", isDirectory: true))
            let report: NextKata.Report
            do {
                report = try await NextKata(workspace: workspace, merger: merger, now: root.now).move(
                    to: next, from: previous, fromMine: fromMine)
            } catch {
                throw CommandFailure(.internalError, "Could not make \(next.id): \(error.localizedDescription)")
            }
            progress.current = next.id
            _ = try? store.save(progress)
            root.write(NextText.render(report, kata: next, from: previous))
            return .success
        }
    }
}

/// What `dikata next` says.
enum NextText {
    static func render(_ report: NextKata.Report, kata: Kata, from previous: Kata?) -> String {
        var lines = ["\(KataManifest.stageLabel(kata.manifest.stage)): \(kata.id) · \(kata.manifest.title)"]
        lines.append(
            report.created
                ? "Your kata folder: \(report.folder.path)" : "Your kata folder (already there): \(report.folder.path)")
        if let backup = report.backup { lines.append("Your earlier files there were backed up to \(backup.path)") }
        if let merge = report.merge {
            if let fallback = merge.fallback {
                lines.append("It holds the reference starter: \(fallback).")
                if !merge.conflicts.isEmpty {
                    lines.append("Conflicting files: \(merge.conflicts.joined(separator: ", "))")
                }
            } else {
                lines.append("It holds your code from \(previous?.id ?? "the last kata") plus this kata's change.")
                if !merge.carried.isEmpty { lines.append("Carried over: \(merge.carried.joined(separator: ", "))") }
            }
        }
        if let delta = kata.delta {
            lines.append("")
            lines.append("What changed since \(delta.from): \(delta.title)")
            lines.append(delta.why)
        }
        lines.append("")
        lines.append(
            "Read \(kata.instructions.path), or `dikata lesson \(kata.id) --plain`; grade with `dikata grade \(kata.id)`."
        )
        return lines.joined(separator: "\n") + "\n"
    }
}
