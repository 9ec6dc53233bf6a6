import CursesShell
import DIKataCore
import Foundation
import TerminalUI
import Testing

extension TutorialServices {
    /// Every service records an issue naming itself when called: a test sets the ones it expects.
    public static var failing: TutorialServices {
        TutorialServices(
            grade: { kata, _ in
                Issue.record("TutorialServices.grade(\(kata)) was called unexpectedly")
                return .failure(TutorialFailure("unexpected grade"))
            },
            graph: { kata in
                Issue.record("TutorialServices.graph(\(kata)) was called unexpectedly")
                return nil
            },
            reset: { kata in
                Issue.record("TutorialServices.reset(\(kata)) was called unexpectedly")
                return .failure(TutorialFailure("unexpected reset"))
            },
            solutionDiff: { kata in
                Issue.record("TutorialServices.solutionDiff(\(kata)) was called unexpectedly")
                return []
            },
            saveProgress: { _ in Issue.record("TutorialServices.saveProgress was called unexpectedly") },
            openEditor: { path in
                Issue.record("TutorialServices.openEditor(\(path)) was called unexpectedly")
                return nil
            },
            watchedFiles: { kata in
                Issue.record("TutorialServices.watchedFiles(\(kata)) was called unexpectedly")
                return []
            },
            now: {
                Issue.record("TutorialServices.now was called unexpectedly")
                return Date(timeIntervalSince1970: 0)
            },
            pause: { _ in Issue.record("TutorialServices.pause was called unexpectedly") },
            room: nil,
            joinWorkshop: nil)
    }

    /// A learner on the stage map and in lessons: the clock reads `clock`, nothing else is expected.
    public static func idle(clock: TestClock) -> TutorialServices {
        var services = TutorialServices.failing
        services.now = clock.now
        services.pause = clock.pause
        return services
    }

    /// A learner working on a kata: every grade reports `stages` and returns `verdict`; the graph
    /// loads as `graph`; progress is saved to `saved`; `files` are watched for every kata.
    public static func grading(
        _ verdict: Verdict, clock: TestClock, stages: [GradingStage] = [.building(target: "APIClient")],
        graph: PackageGraph? = nil, saved: CallLog<LearnerProgress> = CallLog(), graded: CallLog<String> = CallLog(),
        files: [String] = []
    ) -> TutorialServices {
        var services = TutorialServices.idle(clock: clock)
        services.grade = { kata, progress in
            graded.append(kata)
            for stage in stages { progress(stage) }
            return .success(verdict)
        }
        services.graph = { _ in graph }
        services.saveProgress = { saved.append($0) }
        services.watchedFiles = { _ in files }
        return services
    }

    /// Like `grading`, but every grade fails with `message` (the grader could not run).
    public static func gradingFails(_ message: String, clock: TestClock) -> TutorialServices {
        var services = TutorialServices.idle(clock: clock)
        services.grade = { _, _ in .failure(TutorialFailure(message)) }
        services.saveProgress = { _ in }
        services.watchedFiles = { _ in [] }
        return services
    }
}
