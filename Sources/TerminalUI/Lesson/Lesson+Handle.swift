import Lessons

/// A line of a lesson: its page, and the line on that page as laid out.
struct LessonMatch: Comparable {
    var page: Int
    var line: Int

    static func < (left: LessonMatch, right: LessonMatch) -> Bool {
        (left.page, left.line) < (right.page, right.line)
    }
}

extension AppState {
    func lessonKey(_ position: LessonPosition) -> String { "lesson/\(position.lesson)/\(position.page)/\(size.cols)" }

    func lessonLines(_ position: LessonPosition) -> [StyledLine] {
        layouts[lessonKey(position)] ?? layoutLesson(position)
    }

    func layoutLesson(_ position: LessonPosition) -> [StyledLine] {
        guard let lesson = content.lessons.first(where: { $0.id == position.lesson }),
            lesson.pages.indices.contains(position.page)
        else { return [] }
        // Prose is hard to read in lines much longer than 100 columns, however wide the terminal.
        return DocumentLayout(width: max(20, min(UIText.readableWidth, size.cols - 4))).layout(
            lesson.pages[position.page])
    }

    mutating func handleLesson(_ key: Key, _ position: LessonPosition) -> [Effect] {
        guard let action = KeyTable.lesson.action(for: key) else { return [] }
        var position = position
        let lines = lessonLines(position)
        let maxScroll = max(0, lines.count - bodyHeight)
        let pageCount = content.lessons.first { $0.id == position.lesson }?.pages.count ?? 1
        switch action {
        case .scroll(let lines): position.scroll += lines
        case .scrollPages(let pages): position.scroll += pages * (bodyHeight - 1)
        case .top: position.scroll = 0
        case .bottom: position.scroll = maxScroll
        case .turnPage(let pages):
            let page = position.page + pages
            if pageCount > page && page >= 0 {
                position = LessonPosition(lesson: position.lesson, page: page, search: position.search)
            } else if pages > 0 {
                overlay = .message(UIText.endOfLesson)
            }
        case .search:
            searchInput = ""
        case .nextMatch, .previousMatch:
            guard let search = position.search else { return [] }
            let here = LessonMatch(page: position.page, line: position.scroll)
            let matches = lessonMatches(of: search, in: position.lesson)
            guard !matches.isEmpty else {
                overlay = .message(noMatchMessage(search, outside: position.lesson))
                return []
            }
            let match =
                action == .nextMatch
                ? matches.first { $0 > here } ?? matches[0]
                : matches.last { $0 < here } ?? matches[matches.count - 1]
            return show(match, of: position)
        case .openKata:
            guard let kata = content.lessons.first(where: { $0.id == position.lesson })?.kata else { return [] }
            screen = .lesson(position)
            return openKata(kata)
        case .back:
            return back()
        }
        position.scroll = min(max(0, position.scroll), maxScroll)
        screen = .lesson(position)
        return []
    }

    /// Typing after `/`: the text is not a key table (every character is typed).
    mutating func handleSearchInput(_ key: Key) -> [Effect] {
        guard case .lesson(var position) = screen, let input = searchInput else {
            searchInput = nil
            return []
        }
        switch key {
        case .character(let character): searchInput = input + String(character)
        case .backspace: searchInput = String(input.dropLast())
        case .escape: searchInput = nil
        case .enter:
            searchInput = nil
            guard !input.isEmpty else { return [] }
            position.search = input
            let here = LessonMatch(page: position.page, line: position.scroll)
            let matches = lessonMatches(of: input, in: position.lesson)
            if let first = matches.first(where: { $0 >= here }) ?? matches.first {
                return show(first, of: position)
            }
            overlay = .message(noMatchMessage(input, outside: position.lesson))
            screen = .lesson(position)
        default: break
        }
        return []
    }

    static func matches(of search: String, in lines: [StyledLine]) -> [Int] {
        let needle = search.lowercased()
        return lines.indices.filter { lines[$0].text.lowercased().contains(needle) }
    }

    /// Every line of every page of `lesson` that contains `search`, in reading order.
    func lessonMatches(of search: String, in lesson: String) -> [LessonMatch] {
        let pages = content.lessons.first { $0.id == lesson }?.pages.count ?? 0
        return (0..<pages).flatMap { page in
            Self.matches(of: search, in: lessonLines(LessonPosition(lesson: lesson, page: page))).map {
                LessonMatch(page: page, line: $0)
            }
        }
    }

    /// Turns to the match's page and scrolls it into view, keeping the search.
    mutating func show(_ match: LessonMatch, of position: LessonPosition) -> [Effect] {
        var shown = LessonPosition(lesson: position.lesson, page: match.page, search: position.search)
        shown.scroll = min(match.line, max(0, lessonLines(shown).count - bodyHeight))
        screen = .lesson(shown)
        return []
    }

    /// "No match" in this lesson, naming the other lessons that have the text.
    func noMatchMessage(_ search: String, outside lesson: String) -> String {
        let others = content.lessons.filter { $0.id != lesson && !lessonMatches(of: search, in: $0.id).isEmpty }
        return UIText.noMatch(search, elsewhere: others.map(\.title))
    }
}
