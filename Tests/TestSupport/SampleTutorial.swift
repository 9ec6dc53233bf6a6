import DIKataCore
import Foundation
import Lessons
import TerminalUI

/// A small tutorial (two katas, lessons, a reading) for screen and reducer tests.
public enum SampleTutorial {
    public static let lessonText = """
        # Singletons

        A *singleton* guarantees **one** instance. See [the docs](https://swift.org) and `static let`.

        ## Before and after

        ```text
        ┌────────────┐     ┌─────────────────┐
        │ Login      │ ──▶ │ ServerAPIClient │
        └────────────┘     └─────────────────┘
        ```

        ```swift
        final class InstallationID: Sendable {
            static let shared = InstallationID()
            private init() {}
        }
        ```

        > Convenience alone does not justify a singleton.

        | Design | Guarantees one? |
        |---|---|
        | GoF singleton | yes |
        | Swift `shared` default | no |

        1. Find the type that must be unique.
        2. Make its initializer private.

        - Stable dependencies may stay concrete.
        - Volatile ones get a boundary: network, disk, clock, randomness, SDKs, and the rest of the list that is long enough to wrap.
        """

    public static func content() -> TutorialContent {
        let parser = MarkdownParser()
        let catalog = Catalog(
            title: "dikata — dependency injection in Swift",
            tracks: [.init(id: "core", title: "Core track", katas: ["01-singleton", "02-global-state"])])
        let katas = [
            TutorialContent.KataInfo(
                id: "01-singleton", title: "One by law, one by habit", stage: 1, track: "core",
                summary: "Tell a guaranteed single instance from a shared default.",
                hints: [
                    "Which type would be wrong with two instances?", "The private initializer makes the singleton.",
                    "A final class with let properties can be Sendable.",
                ],
                maxPoints: 6,
                instructions: parser.parse("# One by law\n\nGive `ServerAPIClient` an `init(baseURL:transport:)`."),
                packagePath: "/home/ada/.local/share/dikata/workspace/01-singleton",
                files: ["Sources/APIClient/ServerAPIClient.swift", "Package.swift"]),
            TutorialContent.KataInfo(
                id: "02-global-state", title: "The leftover stub", stage: 2, track: "core",
                summary: "Narrow a reassignable global to a scoped override.", hints: ["a", "b", "c"], maxPoints: 8,
                instructions: parser.parse("Make `shared` a `let`."),
                packagePath: "/home/ada/.local/share/dikata/workspace/02-global-state", files: ["Package.swift"]),
        ]
        let lessons = [
            TutorialContent.LessonInfo(
                id: "singleton", title: "Stage 1: Singletons", kata: "01-singleton",
                pages: [parser.parse(lessonText), parser.parse("# Page two\n\nThe second page.")]),
            TutorialContent.LessonInfo(
                id: "glossary", title: "Glossary", kata: nil,
                pages: [parser.parse("**Seam**: a place to swap behaviour.")]),
        ]
        return TutorialContent(
            title: catalog.title, catalog: catalog, katas: katas, lessons: lessons,
            workspacePath: "/home/ada/.local/share/dikata/workspace")
    }

    public static func verdict(passing: Bool) -> Verdict {
        let manifest = KataManifest(
            id: "01-singleton", title: "One by law, one by habit", stage: 1, summary: "s", hints: ["a", "b", "c"],
            targets: [TargetRule(name: "APIClient")],
            checks: [
                CheckSpec(
                    id: "client-init", title: "A staging client can be made", points: 2, kind: .contract(probe: "p"),
                    advice: "Expose an initializer that takes the base URL and transport."),
                CheckSpec(
                    id: "one-id", title: "One installation ID, ever", points: 3, kind: .behaviour(test: "one"),
                    advice: "Generate the ID once, in the singleton."),
                CheckSpec(
                    id: "debt-free", title: "No escape hatches", points: 1,
                    kind: .lint(pattern: "x", paths: [], mustMatch: false),
                    advice: "Make the type Sendable instead of silencing the compiler."),
            ])
        let evidence: [String: CheckEvidence] =
            passing
            ? [
                "client-init": CheckEvidence(.passed), "one-id": CheckEvidence(.passed),
                "debt-free": CheckEvidence(.passed),
            ]
            : [
                "client-init": CheckEvidence(.passed),
                "one-id": CheckEvidence(
                    .failed(
                        "Expectation failed: ids.count == 1\nThe screens saw 2 different IDs",
                        SourceLocation(file: "Sources/APIClient/InstallationID.swift", line: 12)),
                    output: CapturedText(text: "made an ID\nmade an ID\n")),
                "debt-free": CheckEvidence(.crashed("The check crashed.", nil)),
            ]
        return VerdictBuilder().verdict(for: manifest, evidence: evidence, isolation: .bubblewrap, duration: 0.61)
    }

    public static func state(
        rows: Int = 24, cols: Int = 80, theme: Theme = .monochrome, progress: LearnerProgress = LearnerProgress()
    ) -> AppState {
        AppState(content: content(), progress: progress, size: (rows, cols), theme: theme)
    }
}
