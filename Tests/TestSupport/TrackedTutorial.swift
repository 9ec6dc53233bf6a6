import DIKataCore
import Foundation
import Lessons
import TerminalUI

/// A tutorial with three tracks (warm-up, core, advanced), for the stage map's track sections.
public enum TrackedTutorial {
    static let ids = [
        ("00-warm-up", "Warm-up", "warm-up"), ("05-dependency-inversion", "Own the boundary", "core"),
        ("06-composition-root", "Wire Shelf", "core"), ("07-interception", "Intercept the shelf's loader", "advanced"),
    ]

    public static func content() -> TutorialContent {
        let parser = MarkdownParser()
        let catalog = Catalog(
            title: "dikata — dependency injection in Swift",
            tracks: [
                .init(id: "warm-up", title: "Warm-up", katas: ["00-warm-up"]),
                .init(id: "core", title: "Core track", katas: ["05-dependency-inversion", "06-composition-root"]),
                .init(id: "advanced", title: "Advanced track", katas: ["07-interception"]),
            ])
        let katas = ids.enumerated().map { stage, kata in
            TutorialContent.KataInfo(
                id: kata.0, title: kata.1, stage: stage, track: kata.2, summary: "The \(kata.1) kata.",
                hints: ["a", "b", "c"], maxPoints: 10, instructions: parser.parse("# \(kata.1)"),
                packagePath: "/home/ada/.local/share/dikata/workspace/\(kata.0)", files: ["Package.swift"])
        }
        return TutorialContent(
            title: catalog.title, catalog: catalog, katas: katas, lessons: [],
            workspacePath: "/home/ada/.local/share/dikata/workspace")
    }

    /// Progress where the katas in `passed` passed with full points.
    public static func progress(passed: [String]) -> LearnerProgress {
        var progress = LearnerProgress()
        for id in passed {
            progress.katas[id] = LearnerProgress.KataProgress(attempts: 1, bestPoints: 10, maxPoints: 10, passed: true)
        }
        return progress
    }

    public static func state(passed: [String], rows: Int = 24, cols: Int = 80) -> AppState {
        AppState(content: content(), progress: progress(passed: passed), size: (rows, cols), theme: .monochrome)
    }
}
