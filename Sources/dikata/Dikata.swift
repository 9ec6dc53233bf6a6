import ArgumentParser
import Foundation

/// The `dikata` command. Each subcommand's `run()` asks the composition root for what it
/// needs and hands off; no logic lives in the argument types.
@main
struct Dikata: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dikata",
        abstract: "Learn dependency injection in Swift, one graded kata at a time.",
        discussion: """
            Katas are small Swift packages in your workspace; edit them in any editor and \
            run `dikata grade` to have the kata's hidden checks run against your code.

            \(ExitStatus.documentation)
            """,
        version: DikataVersion.current,
        subcommands: [
            TutorialCommand.self, StatusCommand.self, InitCommand.self, GradeCommand.self, ListCommand.self,
            LessonCommand.self, HintCommand.self, ResetCommand.self, SolutionCommand.self, DoctorCommand.self,
            GradeBatchCommand.self, CICommand.self, WorkshopCommand.self, DevCommand.self,
            NextCommand.self, GradebookCommand.self, CleanCommand.self,
        ],
        defaultSubcommand: TutorialCommand.self
    )

    /// Parses and runs like `AsyncParsableCommand.main()`, but reports usage errors with
    /// exit code 2 (argument-parser's default is 64) so every dikata failure maps to one code.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// Options shared by commands that work on a workspace.
struct WorkspaceOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The workspace folder (default: the one you are in, else $DIKATA_WORKSPACE, else $XDG_DATA_HOME/dikata/workspace).",
            valueName: "dir"))
    var workspace: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use the kata library in this folder instead of the built-in one ($DIKATA_KATAS).", valueName: "dir"))
    var library: String?
}
