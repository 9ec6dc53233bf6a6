import ArgumentParser
import Grading

/// `dikata clean`: removes the build folders in dikata's cache (never the workspace).
struct CleanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Remove dikata's build folders from its cache (your katas and progress stay).",
        discussion: """
            dikata keeps one build folder per kata and package it graded, the \
            \(GradingEnvironment.defaultKeptBuildFolders) most recently graded (DIKATA_KEEP_BUILDS sets how many), \
            so the next grade recompiles only what changed. `clean` removes them all except those a \
            grade running now holds.
            """)

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let cache = root.buildFolders
            root.write(cache.removeAll().summary(root: cache.root))
            return .success
        }
    }
}
