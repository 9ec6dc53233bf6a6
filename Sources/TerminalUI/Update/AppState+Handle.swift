import DIKataCore
import Foundation
import Lessons

extension AppState {
    /// Applies an event and returns the work the shell must do. Pure.
    public mutating func handle(_ event: Event) -> [Effect] {
        let effects = apply(event)
        cacheLayouts()
        return effects
    }

    /// Lays out what the current screen shows at the current width, once.
    mutating func cacheLayouts() {
        switch screen {
        case .lesson(let position):
            let key = lessonKey(position)
            if layouts[key] == nil { layouts = [key: layoutLesson(position)] }
        case .kata(let position):
            let key = instructionsKey(position.kata)
            if layouts[key] == nil, let kata = content.kata(position.kata) {
                layouts[key] = DocumentLayout(width: max(20, size.cols - 4)).layout(kata.instructions)
            }
        default:
            break
        }
    }

    func lessonKey(_ position: LessonPosition) -> String { "lesson/\(position.lesson)/\(position.page)/\(size.cols)" }
    func instructionsKey(_ kata: String) -> String { "kata/\(kata)/\(size.cols)" }

    private mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .resize(let rows, let cols):
            size = (rows, cols)
            return []
        case .key(.interrupt):
            quitting = true
            return [.quit]
        case .key(let key):
            if let overlay { return handleOverlay(overlay, key: key) }
            if searchInput != nil { return handleSearchInput(key) }
            if key == .character("?") {
                overlay = .help
                return []
            }
            switch screen {
            case .stageMap: return handleStageMap(key)
            case .lesson(let position): return handleLesson(key, position)
            case .kata(let position): return handleKata(key, position)
            case .graph(let kata): return handleGraph(key, kata: kata)
            }
        case .gradingProgress(let kata, let stage):
            grading[kata] = .running(stage)
            return []
        case .graded(let kata, let verdict, let date):
            let wasPassed = progress.katas[kata]?.passed == true
            grading[kata] = .finished(verdict)
            progress.record(verdict, at: date)
            var effects: [Effect] = [.saveProgress(progress), .loadGraph(kata: kata)]
            if verdict.outcome == .passed && !wasPassed && overlay == nil {
                overlay = .message(UIText.passed(kata, next: content.catalog.kata(after: kata)))
            }
            if regradeQueued.remove(kata) != nil {
                grading[kata] = .running(.readingPackage)
                effects.append(.grade(kata: kata))
            }
            return effects
        case .gradingFailed(let kata, let message):
            grading[kata] = .failed(message)
            regradeQueued.remove(kata)
            return []
        case .graphLoaded(let kata, let graph):
            graphs[kata] = graph
            return []
        case .filesChanged(let kata):
            guard watching else { return [] }
            return requestGrade(kata)
        case .editorFinished(let message):
            if let message { overlay = .message(message) }
            return []
        case .resetFinished(let kata, let backup, let error):
            if let error {
                overlay = .message("Reset failed: \(error)")
            } else {
                grading[kata] = .idle
                overlay = .message(
                    "\(kata) is back to its starter." + (backup.map { " Your files were backed up to \($0)." } ?? ""))
            }
            return []
        case .roomUpdated(let room):
            let previous = self.room
            self.room = room
            if let message = room.message, room.messageSentAt != previous?.messageSentAt, overlay == nil {
                overlay = .message("Message from the facilitator: \(message)")
            }
            return []
        case .tick(let date):
            clock = date
            return []
        case .workshopJoined(let error):
            if let error, case .joinWorkshop(var form) = overlay {
                form.note = error
                overlay = .joinWorkshop(form)
            } else if error == nil {
                overlay = .message("Joined the workshop. Your grades are now sent to its host.")
            }
            return []
        case .solutionLoaded(let kata, let diff):
            overlay = .solution(kata: kata, diff: diff, scroll: 0)
            var entry = progress.katas[kata] ?? LearnerProgress.KataProgress()
            entry.solutionViewed = true
            progress.katas[kata] = entry
            return [.saveProgress(progress)]
        }
    }

    /// Asks for a grade, or queues one when a grade of the same kata is running.
    mutating func requestGrade(_ kata: String) -> [Effect] {
        if case .running = grading[kata] ?? .idle {
            regradeQueued.insert(kata)
            return []
        }
        grading[kata] = .running(.readingPackage)
        return [.grade(kata: kata)]
    }

    // MARK: - Overlays

    private mutating func handleOverlay(_ current: Overlay, key: Key) -> [Effect] {
        switch current {
        case .joinWorkshop(var form):
            switch key {
            case .escape:
                overlay = nil
                return []
            case .tab, .down:
                form.field = (form.field + 1) % 3
            case .up:
                form.field = (form.field + 2) % 3
            case .backspace:
                switch form.field {
                case 0: form.url = String(form.url.dropLast())
                case 1: form.name = String(form.name.dropLast())
                default: form.code = String(form.code.dropLast())
                }
            case .character(let character):
                switch form.field {
                case 0: form.url.append(character)
                case 1: form.name.append(character)
                default: form.code.append(Character(character.uppercased()))
                }
            case .enter:
                if form.field < 2 {
                    form.field += 1
                } else {
                    form.note = "Joining…"
                    overlay = .joinWorkshop(form)
                    return [.joinWorkshop(url: form.url, name: form.name, code: form.code)]
                }
            default:
                break
            }
            form.note = form.note == "Joining…" ? nil : form.note
            overlay = .joinWorkshop(form)
            return []
        case .help, .message:
            overlay = nil
            return []
        case .confirmReset(let kata):
            overlay = nil
            return key == .character("y") ? [.reset(kata: kata)] : []
        case .confirmUnlock(let kata):
            overlay = nil
            guard key == .character("y") else { return [] }
            if !progress.unlocked.contains(kata) { progress.unlocked.append(kata) }
            open(.kata(KataPosition(kata: kata)))
            return [.saveProgress(progress)]
        case .confirmSolution(let kata):
            overlay = nil
            return key == .character("y") ? [.loadSolution(kata: kata)] : []
        case .solution(let kata, let diff, let scroll):
            let page = max(1, size.rows - 6)
            switch key {
            case .down, .character("j"), .wheelDown:
                overlay = .solution(kata: kata, diff: diff, scroll: min(max(0, diff.count - page), scroll + 1))
            case .up, .character("k"), .wheelUp: overlay = .solution(kata: kata, diff: diff, scroll: max(0, scroll - 1))
            case .pageDown, .character(" "):
                overlay = .solution(kata: kata, diff: diff, scroll: min(max(0, diff.count - page), scroll + page))
            case .pageUp: overlay = .solution(kata: kata, diff: diff, scroll: max(0, scroll - page))
            default: overlay = nil
            }
            return []
        }
    }

    // MARK: - Stage map

    private mutating func handleStageMap(_ key: Key) -> [Effect] {
        let entries = mapEntries
        switch key {
        case .up, .character("k"), .wheelUp: selection = max(0, selection - 1)
        case .down, .character("j"), .wheelDown: selection = min(entries.count - 1, selection + 1)
        case .home, .character("g"): selection = 0
        case .end, .character("G"): selection = max(0, entries.count - 1)
        case .enter, .right, .character("l"):
            guard entries.indices.contains(selection) else { return [] }
            switch entries[selection] {
            case .kata(let id):
                if let lesson = content.lesson(forKata: id) {
                    open(.lesson(LessonPosition(lesson: lesson.id)))
                } else {
                    return openKata(id)
                }
            case .reading(let id):
                open(.lesson(LessonPosition(lesson: id)))
            }
        case .character("o"), .tab:
            guard entries.indices.contains(selection), case .kata(let id) = entries[selection] else { return [] }
            return openKata(id)
        case .character("W"):
            overlay = .joinWorkshop(JoinForm())
        case .character("q"), .escape:
            quitting = true
            return [.quit]
        default: break
        }
        return []
    }

    private mutating func openKata(_ id: String) -> [Effect] {
        if status(of: id) == .locked {
            overlay = .confirmUnlock(kata: id)
            return []
        }
        open(.kata(KataPosition(kata: id)))
        progress.current = id
        return [.saveProgress(progress)]
    }

    mutating func open(_ next: Screen) {
        history.append(screen)
        screen = next
    }

    mutating func back() -> [Effect] {
        screen = history.popLast() ?? .stageMap
        if case .stageMap = screen, let current = progress.current,
            let index = mapEntries.firstIndex(of: .kata(current))
        {
            selection = index
        }
        return []
    }

    // MARK: - Lesson reader

    func lessonLines(_ position: LessonPosition) -> [StyledLine] {
        layouts[lessonKey(position)] ?? layoutLesson(position)
    }

    private func layoutLesson(_ position: LessonPosition) -> [StyledLine] {
        guard let lesson = content.lessons.first(where: { $0.id == position.lesson }),
            lesson.pages.indices.contains(position.page)
        else { return [] }
        return DocumentLayout(width: max(20, size.cols - 4)).layout(lesson.pages[position.page])
    }

    var bodyHeight: Int { max(1, size.rows - 2) }

    private mutating func handleLesson(_ key: Key, _ position: LessonPosition) -> [Effect] {
        var position = position
        let lines = lessonLines(position)
        let maxScroll = max(0, lines.count - bodyHeight)
        let pageCount = content.lessons.first { $0.id == position.lesson }?.pages.count ?? 1
        switch key {
        case .down, .character("j"): position.scroll += 1
        case .up, .character("k"): position.scroll -= 1
        case .wheelDown: position.scroll += 3
        case .wheelUp: position.scroll -= 3
        case .pageDown, .character(" "): position.scroll += bodyHeight - 1
        case .pageUp, .character("b"): position.scroll -= bodyHeight - 1
        case .home, .character("g"): position.scroll = 0
        case .end, .character("G"): position.scroll = maxScroll
        case .right, .character("]"):
            if position.page + 1 < pageCount {
                position = LessonPosition(lesson: position.lesson, page: position.page + 1, search: position.search)
            } else {
                overlay = .message(UIText.endOfLesson)
            }
        case .left, .character("["):
            if position.page > 0 {
                position = LessonPosition(lesson: position.lesson, page: position.page - 1, search: position.search)
            }
        case .character("/"):
            searchInput = ""
        case .character("n"), .character("N"):
            guard let search = position.search else { return [] }
            let matches = Self.matches(of: search, in: lines)
            guard !matches.isEmpty else {
                overlay = .message(UIText.noMatch(search))
                return []
            }
            let forward = key == .character("n")
            let next =
                forward
                ? matches.first { $0 > position.scroll } ?? matches[0]
                : matches.last { $0 < position.scroll } ?? matches[matches.count - 1]
            position.scroll = next
        case .character("o"):
            guard let kata = content.lessons.first(where: { $0.id == position.lesson })?.kata else { return [] }
            screen = .lesson(position)
            return openKata(kata)
        case .escape, .character("q"):
            return back()
        default: break
        }
        position.scroll = min(max(0, position.scroll), maxScroll)
        screen = .lesson(position)
        return []
    }

    private mutating func handleSearchInput(_ key: Key) -> [Effect] {
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
            let lines = lessonLines(position)
            let matches = Self.matches(of: input, in: lines)
            if let first = matches.first(where: { $0 >= position.scroll }) ?? matches.first {
                position.scroll = min(first, max(0, lines.count - bodyHeight))
            } else {
                overlay = .message(UIText.noMatch(input))
            }
            screen = .lesson(position)
        default: break
        }
        return []
    }

    static func matches(of search: String, in lines: [StyledLine]) -> [Int] {
        let needle = search.lowercased()
        return lines.indices.filter { lines[$0].text.lowercased().contains(needle) }
    }

    // MARK: - Kata

    private mutating func handleKata(_ key: Key, _ position: KataPosition) -> [Effect] {
        var position = position
        let page = KataPage.make(self, position: position, width: max(20, size.cols - 2))
        let maxScroll = max(0, page.lines.count - bodyHeight)
        guard let kata = content.kata(position.kata) else { return back() }
        var effects: [Effect] = []
        switch key {
        case .down, .character("j"):
            if !page.checkRows.isEmpty && position.selectedCheck < page.checkRows.count - 1 {
                position.selectedCheck += 1
            } else {
                position.scroll += 1
            }
        case .up, .character("k"):
            if !page.checkRows.isEmpty && position.selectedCheck > 0 {
                position.selectedCheck -= 1
            } else {
                position.scroll -= 1
            }
        case .wheelDown: position.scroll += 3
        case .wheelUp: position.scroll -= 3
        case .pageDown, .character(" "): position.scroll += bodyHeight - 1
        case .pageUp: position.scroll -= bodyHeight - 1
        case .home: position.scroll = 0
        case .end: position.scroll = maxScroll
        case .enter:
            if page.checkIDs.indices.contains(position.selectedCheck) {
                let id = page.checkIDs[position.selectedCheck]
                if position.expanded.contains(id) { position.expanded.remove(id) } else { position.expanded.insert(id) }
            }
        case .character("e"):
            var file = kata.files.first.map { "\(kata.packagePath)/\($0)" } ?? kata.packagePath
            if let verdict = verdict(kata.id), verdict.checks.indices.contains(position.selectedCheck),
                let location = verdict.checks[position.selectedCheck].location
            {
                file = "\(kata.packagePath)/\(location.file)"
            }
            effects.append(.openEditor(path: file))
        case .character("r"):
            effects += requestGrade(kata.id)
        case .character("w"):
            watching.toggle()
        case .character("h"):
            let shown = progress.katas[kata.id]?.hintsUsed ?? 0
            if shown >= kata.hints.count {
                overlay = .message(UIText.noMoreHints(kata.id))
            } else {
                progress.revealHint(shown + 1, of: kata.id)
                effects.append(.saveProgress(progress))
            }
        case .character("x"):
            overlay = .confirmReset(kata: kata.id)
        case .character("s"):
            if progress.katas[kata.id]?.passed == true {
                effects.append(.loadSolution(kata: kata.id))
            } else {
                overlay = .confirmSolution(kata: kata.id)
            }
        case .character("g"):
            screen = .kata(position)
            open(.graph(kata: kata.id))
            return [.loadGraph(kata: kata.id)]
        case .character("l"):
            if let lesson = content.lesson(forKata: kata.id) {
                screen = .kata(position)
                open(.lesson(LessonPosition(lesson: lesson.id)))
                return []
            }
        case .escape, .character("q"):
            return back()
        default: break
        }
        // Keep the selected check on screen.
        if page.checkRows.indices.contains(position.selectedCheck),
            key == .up || key == .down || key == .character("j") || key == .character("k")
        {
            let row = page.checkRows[position.selectedCheck]
            if row < position.scroll { position.scroll = row }
            if row >= position.scroll + bodyHeight - 3 { position.scroll = row - bodyHeight + 4 }
        }
        position.scroll = min(max(0, position.scroll), maxScroll)
        screen = .kata(position)
        return effects
    }

    // MARK: - Graph

    private mutating func handleGraph(_ key: Key, kata: String) -> [Effect] {
        switch key {
        case .character("r"): return [.loadGraph(kata: kata)]
        case .escape, .character("q"), .character("g"): return back()
        default: return []
        }
    }
}
