extension AppState {
    mutating func handleKata(_ key: Key, _ position: KataPosition) -> [Effect] {
        guard let kata = content.kata(position.kata) else { return back() }
        guard let action = KeyTable.kata.action(for: key) else { return [] }
        var position = position
        // The page on screen, as the last change built it.
        let page = kataPage(position)
        let maxScroll = max(0, page.lines.count - bodyHeight)
        var effects: [Effect] = []
        switch action {
        case .selectCheck(let offset):
            let next = position.selectedCheck + offset
            if page.checkRows.indices.contains(next) {
                position.selectedCheck = next
            } else {
                position.scroll += offset
            }
        case .scroll(let lines): position.scroll += lines
        case .scrollPages(let pages): position.scroll += pages * (bodyHeight - 1)
        case .top: position.scroll = 0
        case .bottom: position.scroll = maxScroll
        case .toggleDetails:
            if page.checkIDs.indices.contains(position.selectedCheck) {
                let id = page.checkIDs[position.selectedCheck]
                if position.expanded.contains(id) { position.expanded.remove(id) } else { position.expanded.insert(id) }
            }
        case .edit:
            var file = kata.files.first.map { "\(kata.packagePath)/\($0)" } ?? kata.packagePath
            if let verdict = verdict(kata.id), verdict.checks.indices.contains(position.selectedCheck),
                let location = verdict.checks[position.selectedCheck].location
            {
                file = "\(kata.packagePath)/\(location.file)"
            }
            effects.append(.openEditor(path: file))
        case .run:
            effects += requestGrade(kata.id)
        case .toggleWatching:
            watching.toggle()
            // Files may have changed while watching was off: turning it on grades them now.
            if watching { effects += requestGrade(kata.id) }
        case .hint:
            let shown = progress.katas[kata.id]?.hintsUsed ?? 0
            if shown >= kata.hints.count {
                overlay = .message(UIText.noMoreHints(kata.id))
            } else {
                progress.revealHint(shown + 1, of: kata.id)
                effects.append(.saveProgress(progress))
            }
        case .reset:
            overlay = .confirmReset(kata: kata.id)
        case .solution:
            if progress.katas[kata.id]?.passed == true {
                effects.append(.loadSolution(kata: kata.id))
            } else {
                overlay = .confirmSolution(kata: kata.id)
            }
        case .graph:
            screen = .kata(position)
            open(.graph(kata: kata.id))
            return [.loadGraph(kata: kata.id)]
        case .lesson:
            if let lesson = content.lesson(forKata: kata.id) {
                screen = .kata(position)
                open(.lesson(LessonPosition(lesson: lesson.id)))
                // At the section that explains the selected check, when it names one.
                let checks = verdict(kata.id)?.checks ?? lastVerdicts[kata.id]?.checks ?? []
                if checks.indices.contains(position.selectedCheck), let section = checks[position.selectedCheck].lesson,
                    let heading = lessonMatches(of: section, in: lesson.id).first
                {
                    return show(heading, of: LessonPosition(lesson: lesson.id))
                }
                return []
            }
        case .back:
            return back()
        }
        // Keep the selected check on screen.
        if case .selectCheck = action, page.checkRows.indices.contains(position.selectedCheck) {
            let row = page.checkRows[position.selectedCheck]
            if row < position.scroll { position.scroll = row }
            if row >= position.scroll + bodyHeight - 3 { position.scroll = row - bodyHeight + 4 }
        }
        position.scroll = min(max(0, position.scroll), maxScroll)
        screen = .kata(position)
        return effects
    }
}
