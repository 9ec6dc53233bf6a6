import DIKataCore
import Foundation
import Lessons

/// The whole state of the tutorial screen. `handle(_:)` changes it and returns effects;
/// `render()` draws it at `size`. Both are pure. Each screen's key table, key handling and
/// drawing live in its folder (StageMap/, Lesson/, Kata/, Graph/, Overlays/); Shared/ holds the
/// dispatch, the header and status bar, and the key table type.
public struct AppState: Sendable {
    public enum Screen: Equatable, Sendable {
        case stageMap
        case lesson(LessonPosition)
        case kata(KataPosition)
        case graph(kata: String)
    }

    public struct LessonPosition: Equatable, Sendable {
        public var lesson: String
        public var page: Int
        public var scroll: Int
        public var search: String?
        public var matchIndex: Int

        public init(lesson: String, page: Int = 0, scroll: Int = 0, search: String? = nil, matchIndex: Int = 0) {
            self.lesson = lesson
            self.page = page
            self.scroll = scroll
            self.search = search
            self.matchIndex = matchIndex
        }
    }

    public struct KataPosition: Equatable, Sendable {
        public var kata: String
        public var selectedCheck: Int
        public var expanded: Set<String>
        public var scroll: Int

        public init(kata: String, selectedCheck: Int = 0, expanded: Set<String> = [], scroll: Int = 0) {
            self.kata = kata
            self.selectedCheck = selectedCheck
            self.expanded = expanded
            self.scroll = scroll
        }
    }

    public enum Overlay: Equatable, Sendable {
        case help
        /// The workshop join form: three fields, the one being typed in, and a note.
        case joinWorkshop(JoinForm)
        case confirmReset(kata: String)
        case confirmUnlock(kata: String)
        case confirmSolution(kata: String)
        case confirmQuit
        case solution(kata: String, diff: [String], scroll: Int)
        case message(String)
        /// A kata just passed; `next` is the kata after it in the track, if any.
        case passed(kata: String, next: String?)
    }

    public struct JoinForm: Equatable, Sendable {
        public var url = "http://"
        public var name = ""
        public var code = ""
        /// 0: URL, 1: name, 2: code.
        public var field = 0
        public var note: String?

        public init() {}
    }

    /// A kata's grading, as the screens show it.
    public enum Grading: Equatable, Sendable {
        case idle
        case running(GradingStage)
        case finished(Verdict)
        case failed(String)
    }

    public var content: TutorialContent
    public var progress: LearnerProgress
    public var screen: Screen = .stageMap
    /// Screens to go back to with Esc.
    public var history: [Screen] = []
    public var overlay: Overlay?
    public var selection = 0
    public var grading: [String: Grading] = [:]
    /// Each kata's latest verdict, kept while it is graded again, so the screen shows the last
    /// results (dimmed) instead of jumping to an empty page.
    public var lastVerdicts: [String: Verdict] = [:]
    public var graphs: [String: PackageGraph] = [:]
    /// A grade was asked for while one was running: run again when it ends.
    public var regradeQueued: Set<String> = []
    public var watching = true
    /// Text typed after `/` in the lesson reader, while typing.
    public var searchInput: String?
    public var size: (rows: Int, cols: Int)
    public var theme: Theme
    public var quitting = false
    /// Laid-out lesson pages and kata instructions by (document, width): derived data kept so
    /// a key press does not lay a long page out again. Filled by `handle`, read by `render`.
    var layouts: [String: [StyledLine]] = [:]
    /// The kata screen's page as the last change built it: derived data, so a key press does not
    /// build it twice. Filled by `handle`, read by the kata keys and by `render`.
    var builtKataPage: KataPage?
    /// The workshop room, when the learner joined one.
    public var room: RoomState?
    /// The time of the last tick, for the countdown.
    public var clock: Date?

    public init(content: TutorialContent, progress: LearnerProgress, size: (rows: Int, cols: Int), theme: Theme) {
        self.content = content
        self.progress = progress
        self.size = size
        self.theme = theme
        if let current = progress.currentKata(in: content.catalog),
            let index = Self.mapEntries(content).firstIndex(of: .kata(current))
        {
            selection = index
        }
    }

    // MARK: - The stage map's rows

    public enum MapEntry: Equatable, Sendable {
        case kata(String)
        case reading(String)
    }

    static func mapEntries(_ content: TutorialContent) -> [MapEntry] {
        content.catalog.orderedKataIDs.filter { content.kata($0) != nil }.map { .kata($0) }
            + content.readings.map { .reading($0.id) }
    }

    public var mapEntries: [MapEntry] { Self.mapEntries(content) }

    public func status(of kataID: String) -> KataStatus {
        let entry = progress.katas[kataID]
        if entry?.passed == true { return .passed }
        if !progress.isUnlocked(kataID, in: content.catalog) && room?.unlocked.contains(kataID) != true {
            return .locked
        }
        if let entry, entry.attempts > 0 { return .inProgress }
        return .open
    }

    public enum KataStatus: Equatable, Sendable {
        case locked, open, inProgress, passed
    }

    /// The latest verdict for a kata, if it was graded in this session.
    public func verdict(_ kataID: String) -> Verdict? {
        if case .finished(let verdict) = grading[kataID] { return verdict }
        return nil
    }
}
