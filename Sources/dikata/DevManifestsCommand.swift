import ArgumentParser
import DIKataCore
import Foundation
import Grading

/// `dikata dev manifests [KATA…]`: writes what SwiftPM reads from each kata's own manifests.
struct DevManifestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifests",
        abstract:
            "Write each kata's manifest-readings.json: what SwiftPM reads from its starter's, solution's and delta's Package.swift.",
        discussion: """
            A first grade of a package whose Package.swift is one of these (and only declares) \
            takes SwiftPM's reading from this file instead of running SwiftPM, which on an empty \
            cache is on the way to every compile. Run it after changing a kata's Package.swift; \
            `dikata dev check` reports a file that is out of date. Without KATA, writes every \
            kata's. Exit code 0 when every file is written, 1 when SwiftPM could not read a \
            manifest (that kata's file is left as it was).
            """)

    @Argument(help: ArgumentHelp("Kata ids, numbers or unique prefixes (default: all).", valueName: "kata"))
    var katas: [String] = []

    @OptionGroup var libraryOption: DevLibraryOption

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let library = try root.library(override: libraryOption.library)
            let selected = try DevSelection.resolveOrAll(katas, in: library)
            let grader = try await root.grader()
            var complete = true
            for kata in selected {
                let (manifests, problems) = await grader.readShippedManifests(
                    of: kata, in: root.cacheRoot.appendingPathComponent("dev-manifests", isDirectory: true))
                guard problems.isEmpty else {
                    complete = false
                    root.writeError(problems.map { "\($0)\n" }.joined())
                    continue
                }
                let file = KnownManifests.file(of: kata)
                guard !manifests.readings.isEmpty else {
                    // An earlier file would keep readings of manifests the kata no longer has.
                    try? FileManager.default.removeItem(at: file)
                    root.write("\(kata.id): no manifest that only declares; no \(KnownManifests.fileName)\n")
                    continue
                }
                do {
                    try manifests.encoded().write(to: file, options: .atomic)
                } catch {
                    throw CommandFailure(.internalError, "could not write \(file.path): \(error.localizedDescription)")
                }
                let count = manifests.readings.count
                root.write("\(kata.id): \(count) reading\(count == 1 ? "" : "s") in \(file.path)\n")
            }
            return complete ? .success : .checksFailed
        }
    }
}
