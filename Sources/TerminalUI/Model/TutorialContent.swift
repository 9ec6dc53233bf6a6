import DIKataCore
import Lessons

/// Everything the tutorial shows that does not change while it runs, loaded once by the shell.
public struct TutorialContent: Sendable {
    public struct KataInfo: Sendable, Equatable {
        public var id: String
        public var title: String
        public var stage: Int
        public var track: String
        public var summary: String
        public var hints: [String]
        public var maxPoints: Int
        /// The kata's instructions (README.md), parsed.
        public var instructions: [MarkdownBlock]
        /// The learner's package folder in the workspace.
        public var packagePath: String
        /// Files the learner is expected to edit, relative to the package.
        public var files: [String]

        public init(
            id: String, title: String, stage: Int, track: String, summary: String, hints: [String], maxPoints: Int,
            instructions: [MarkdownBlock], packagePath: String, files: [String]
        ) {
            self.id = id
            self.title = title
            self.stage = stage
            self.track = track
            self.summary = summary
            self.hints = hints
            self.maxPoints = maxPoints
            self.instructions = instructions
            self.packagePath = packagePath
            self.files = files
        }
    }

    public struct LessonInfo: Sendable, Equatable {
        public var id: String
        public var title: String
        public var kata: String?
        /// Each page, parsed.
        public var pages: [[MarkdownBlock]]

        public init(id: String, title: String, kata: String?, pages: [[MarkdownBlock]]) {
            self.id = id
            self.title = title
            self.kata = kata
            self.pages = pages
        }
    }

    public var title: String
    public var catalog: Catalog
    public var katas: [KataInfo]
    public var lessons: [LessonInfo]
    public var workspacePath: String
    /// Which workspace this is and why, when it is not the default ("Workspace: DIR (found from
    /// the current folder)"); the stage map shows it.
    public var workspaceNote: String?

    public init(title: String, catalog: Catalog, katas: [KataInfo], lessons: [LessonInfo], workspacePath: String) {
        self.title = title
        self.catalog = catalog
        self.katas = katas
        self.lessons = lessons
        self.workspacePath = workspacePath
    }

    public func kata(_ id: String) -> KataInfo? { katas.first { $0.id == id } }
    public func lesson(forKata id: String) -> LessonInfo? { lessons.first { $0.kata == id } }
    /// Lessons that prepare no kata (the debrief, the glossary).
    public var readings: [LessonInfo] { lessons.filter { $0.kata == nil } }
}
