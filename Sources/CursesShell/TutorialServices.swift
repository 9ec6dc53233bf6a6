import DIKataCore
import Foundation
import TerminalUI

/// What the tutorial needs from the outside world, passed in by the composition root.
public struct TutorialServices: Sendable {
    public var grade:
        @Sendable (_ kata: String, _ progress: @escaping @Sendable (GradingStage) -> Void) async -> Result<
            Verdict, TutorialFailure
        >
    public var graph: @Sendable (_ kata: String) async -> PackageGraph?
    /// The verdict of the kata's last grade when its files have not changed since (one made with
    /// `dikata grade` in another terminal); nil when there is none.
    public var lastVerdict: @Sendable (_ kata: String) async -> Verdict?
    /// Restores a kata's starter; the folder the learner's files were backed up to, nil when
    /// there was nothing to back up.
    public var reset: @Sendable (_ kata: String) async -> Result<String?, TutorialFailure>
    public var solutionDiff: @Sendable (_ kata: String) async -> [String]
    public var saveProgress: @Sendable (LearnerProgress) -> Void
    /// Runs the editor on a file with the terminal handed over; returns a message on failure.
    public var openEditor: @Sendable (_ path: String) -> String?
    /// The files to watch for a kata.
    public var watchedFiles: @Sendable (_ kata: String) -> [String]
    /// The file the learner's progress is saved in, watched for grades recorded by another
    /// process (`dikata grade` in a second terminal); nil watches nothing.
    public var progressFile: String?
    /// The progress as that file holds it now (nil when it cannot be read).
    public var loadProgress: @Sendable () -> LearnerProgress?
    /// The clock: the loop, the countdown and the time a grade is recorded read only this.
    public var now: @Sendable () -> Date
    /// Waits: the room poller's pace. Live, `Task.sleep`; in tests, the test clock.
    public var pause: @Sendable (Duration) async -> Void
    /// The workshop room, polled every second (nil while the learner has not joined one).
    public var room: (@Sendable () async -> RoomState?)?
    /// Joins a workshop; returns an error message, or nil on success.
    public var joinWorkshop: (@Sendable (_ url: String, _ name: String, _ code: String) async -> String?)?

    public init(
        grade:
            @escaping @Sendable (String, @escaping @Sendable (GradingStage) -> Void) async -> Result<
                Verdict, TutorialFailure
            >,
        graph: @escaping @Sendable (String) async -> PackageGraph?,
        reset: @escaping @Sendable (String) async -> Result<String?, TutorialFailure>,
        solutionDiff: @escaping @Sendable (String) async -> [String],
        saveProgress: @escaping @Sendable (LearnerProgress) -> Void,
        openEditor: @escaping @Sendable (String) -> String?,
        watchedFiles: @escaping @Sendable (String) -> [String],
        now: @escaping @Sendable () -> Date,
        pause: @escaping @Sendable (Duration) async -> Void,
        room: (@Sendable () async -> RoomState?)? = nil,
        joinWorkshop: (@Sendable (String, String, String) async -> String?)? = nil,
        lastVerdict: @escaping @Sendable (String) async -> Verdict? = { _ in nil },
        progressFile: String? = nil, loadProgress: @escaping @Sendable () -> LearnerProgress? = { nil }
    ) {
        self.grade = grade
        self.progressFile = progressFile
        self.loadProgress = loadProgress
        self.lastVerdict = lastVerdict
        self.graph = graph
        self.reset = reset
        self.solutionDiff = solutionDiff
        self.saveProgress = saveProgress
        self.openEditor = openEditor
        self.watchedFiles = watchedFiles
        self.now = now
        self.pause = pause
        self.room = room
        self.joinWorkshop = joinWorkshop
    }
}

public struct TutorialFailure: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
