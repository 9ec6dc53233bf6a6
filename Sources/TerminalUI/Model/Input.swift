import DIKataCore
import Foundation

/// A key press, decoded by the shell.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case wheelUp, wheelDown
    case interrupt
}

/// Something that happened: a key, a new size, or a result of work the shell did.
public enum Event: Equatable, Sendable {
    case key(Key)
    case resize(rows: Int, cols: Int)
    case gradingProgress(kata: String, GradingStage)
    /// A grade finished; `at` is when (the reducer never reads the clock itself).
    case graded(kata: String, Verdict, at: Date)
    /// The verdict of a grade made elsewhere (`dikata grade` in another terminal) of the kata's
    /// files as they are now.
    case lastVerdictLoaded(kata: String, Verdict)
    /// The progress file changed on disk (a `dikata grade` in another terminal recorded a
    /// grade there); this is what it holds now.
    case progressChanged(LearnerProgress)
    case gradingFailed(kata: String, message: String)
    case graphLoaded(kata: String, PackageGraph)
    case filesChanged(kata: String)
    case editorFinished(message: String?)
    case resetFinished(kata: String, backup: String?, error: String?)
    case solutionLoaded(kata: String, diff: [String])
    /// The workshop room changed (or was polled).
    case roomUpdated(RoomState)
    /// A second passed (for the workshop countdown).
    case tick(Date)
    /// Joining a workshop from the tutorial finished (an error message, or nil on success).
    case workshopJoined(error: String?)
}

/// Work the reducer asks the shell to do.
public enum Effect: Equatable, Sendable {
    case grade(kata: String)
    case openEditor(path: String)
    case reset(kata: String)
    case loadSolution(kata: String)
    case loadGraph(kata: String)
    /// Looks for a verdict of the kata's files as they are (a grade made elsewhere).
    case loadLastVerdict(kata: String)
    case saveProgress(LearnerProgress)
    case joinWorkshop(url: String, name: String, code: String)
    case quit
}
