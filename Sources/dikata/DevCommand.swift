import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata dev …`: tools for kata authors.
struct DevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dev", abstract: "Tools for kata authors.",
        subcommands: [DevCheckCommand.self, DevChainCommand.self, DevManifestsCommand.self])
}

/// `dikata dev check [KATA…]`: verifies katas end to end.
struct DevCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Verify katas: the starter fails its key checks, the solution passes every check, and every check catches a known-bad variant.",
        discussion: """
            Without KATA, checks every kata in the library. Use --library DIR for a library under \
            development. Exit code 0 when every kata is sound, 1 when one is not, 2 for \
            malformed katas.
            """)

    @Argument(help: ArgumentHelp("Kata ids, numbers or unique prefixes (default: all).", valueName: "kata"))
    var katas: [String] = []

    @OptionGroup var libraryOption: DevLibraryOption

    @Option(
        name: .customLong("katas"),
        help: ArgumentHelp("Old spelling of --library.", valueName: "dir", visibility: .hidden))
    var legacyLibrary: String?

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: libraryOption.library ?? legacyLibrary)
            let selected = try DevSelection.resolveOrAll(katas, in: library)
            let scratch = root.cacheRoot.appendingPathComponent("dev-check", isDirectory: true)
            let verifier = KataVerifier(grader: try await root.grader(), scratch: scratch)
            var sound = true
            for kata in selected {
                do {
                    let report = try await verifier.verify(kata)
                    root.write(DevCheckText.render(report, colour: root.useColour))
                    sound = sound && report.isSound
                } catch let error as GradingError {
                    if case .internal = error { throw CommandFailure(.internalError, error.description) }
                    throw CommandFailure(.usage, error.description)
                } catch {
                    throw CommandFailure(.internalError, "\(error)")
                }
            }
            return sound ? .success : .checksFailed
        }
    }
}

/// `--library DIR`: the kata library a dev command works on.
struct DevLibraryOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The kata library folder (default: $DIKATA_KATAS, else the built-in katas).", valueName: "dir"))
    var library: String?
}

/// The katas a dev command names on its command line.
enum DevSelection {
    /// The named katas, or every kata of the library when none is named.
    static func resolveOrAll(_ queries: [String], in library: KataLibrary) throws -> [Kata] {
        queries.isEmpty ? library.ordered : try resolve(queries, in: library)
    }

    /// Each query resolved (id, number or unique prefix); an unknown one is a usage error.
    static func resolve(_ queries: [String], in library: KataLibrary) throws -> [Kata] {
        try queries.map { query in
            guard let kata = library.resolve(query) else {
                throw CommandFailure(
                    .usage,
                    "No kata matches \"\(query)\". Known katas: \(library.ordered.map(\.id).joined(separator: ", "))."
                )
            }
            return kata
        }
    }
}

enum DevCheckText {
    static func render(_ report: KataVerifier.Report, colour: Bool) -> String {
        func mark(_ ok: Bool) -> String {
            let symbol = ok ? "✓" : "✗"
            guard colour else { return symbol }
            return ok ? "\u{1B}[32m\(symbol)\u{1B}[0m" : "\u{1B}[31m\(symbol)\u{1B}[0m"
        }
        func score(_ verdict: Verdict) -> String { "\(verdict.totals.points)/\(verdict.totals.maxPoints) points" }
        let key = report.kata.manifest.keyChecks
        let starterOK = !key.isEmpty && key.allSatisfy { report.starter.check($0)?.status != .passed }
        var lines = ["\(report.kata.id) · \(report.kata.manifest.title)"]
        lines.append(
            "  \(mark(starterOK)) starter fails its key checks (\(key.joined(separator: ", ")))  \(score(report.starter))"
        )
        lines.append(
            "  \(mark(report.solution.outcome == .passed)) solution passes every check  \(score(report.solution))")
        for variant in report.variants {
            if variant.manifest.passesEveryCheck {
                let ok = variant.verdict.problems.isEmpty && variant.verdict.checks.allSatisfy { $0.status == .passed }
                lines.append(
                    "  \(mark(ok)) alternative \(variant.manifest.name) passes every check  \(score(variant.verdict))")
                continue
            }
            let ok = variant.manifest.fails.allSatisfy { variant.verdict.check($0)?.status != .passed }
            lines.append(
                "  \(mark(ok)) variant \(variant.manifest.name) fails \(variant.manifest.fails.joined(separator: ", "))"
            )
        }
        for problem in report.problems { lines.append("    → \(problem)") }
        lines.append(
            report.isSound
                ? "  sound\n"
                : "  NOT SOUND: \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")\n")
        return lines.joined(separator: "\n") + "\n"
    }
}
