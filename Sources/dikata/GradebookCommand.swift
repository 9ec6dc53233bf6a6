import ArgumentParser
import DIKataCore
import Foundation

/// `dikata gradebook …`: works on gradebooks written by `grade-batch`.
struct GradebookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gradebook", abstract: "Work with grade-batch gradebooks.",
        subcommands: [GradebookMergeCommand.self])
}

/// `dikata gradebook merge A.json B.json … -o out.csv`: joins shard gradebooks.
struct GradebookMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the JSON gradebooks of grade-batch --shard runs into one gradebook.",
        discussion: """
            The shards must be of one kata, graded with the same kata version, and must not \
            overlap. The result is the gradebook one unsharded grade-batch run writes: CSV or \
            JSON, chosen by the --out file's extension. Exit 0, or 2 when the gradebooks cannot \
            be read or merged.
            """)

    @Argument(help: ArgumentHelp("The shards' .json gradebooks (or their .state.json files).", valueName: "file"))
    var gradebooks: [String]

    @Option(name: [.short, .long], help: ArgumentHelp("The merged gradebook: .csv or .json.", valueName: "file"))
    var out: String

    func validate() throws {
        guard out.hasSuffix(".csv") || out.hasSuffix(".json") else {
            throw ValidationError("--out must name a .csv or .json file.")
        }
        guard !gradebooks.isEmpty else { throw ValidationError("Name at least one gradebook to merge.") }
    }

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let books = try gradebooks.map { path in
                do {
                    return try Gradebook.decode(json: String(contentsOfFile: path, encoding: .utf8))
                } catch {
                    throw CommandFailure(
                        .usage, "Cannot read the gradebook \(path) (grade-batch --out FILE.json writes one): \(error)")
                }
            }
            let merged: Gradebook
            do throws(Gradebook.MergeError) { merged = try Gradebook.merged(books) } catch {
                throw CommandFailure(.usage, error.description)
            }
            let text = out.hasSuffix(".csv") ? merged.csv() : merged.json()
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic) } catch {
                throw CommandFailure(.usage, "Cannot write \(out): \(error.localizedDescription)")
            }
            root.write(
                "Merged \(books.count) gradebooks of \(merged.kata): \(merged.rows.count) submissions in \(out)\n")
            return .success
        }
    }
}
