import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata dev chain [KATA…]`: checks the links of the kata chain.
struct DevChainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chain",
        abstract:
            "Verify the kata chain: solution(N−1) + delta(N) = starter(N), every starter builds, and hidden(N−1) still passes on starter(N) except what the delta breaks.",
        discussion: """
            Without KATA, checks every kata that has a delta/ folder. Use \
            --library DIR for a library under development. Exit code 0 when \
            every link is green, 1 when one is broken, 2 for malformed katas.
            """)

    @Argument(
        help: ArgumentHelp("Kata ids, numbers or unique prefixes (default: every chained kata).", valueName: "kata"))
    var katas: [String] = []

    @OptionGroup var libraryOption: DevLibraryOption

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: libraryOption.library)
            let named = try DevSelection.resolve(katas, in: library)
            for kata in named where kata.delta == nil {
                throw CommandFailure(.usage, "\(kata.id) has no delta/ folder: it is not a link of the chain.")
            }
            let scratch = root.cacheRoot.appendingPathComponent("dev-chain", isDirectory: true)
            let verifier = ChainVerifier(
                grader: try await root.grader(),
                diff: SolutionDiff(runner: PosixProcessRunner(now: root.now), scratch: scratch),
                scratch: scratch)
            var links: [ChainLink] = []
            for kata in ChainVerifier.chained(library, named: named) {
                do {
                    let link = try await verifier.verify(kata, in: library)
                    root.write(ChainReport.rendered(link, colour: root.useColour))
                    links.append(link)
                } catch let error as GradingError {
                    if case .internal = error { throw CommandFailure(.internalError, error.description) }
                    throw CommandFailure(.usage, error.description)
                } catch {
                    throw CommandFailure(.internalError, "\(error)")
                }
            }
            root.write(ChainReport.summary(links))
            return ChainReport(links: links).isGreen ? .success : .checksFailed
        }
    }
}
