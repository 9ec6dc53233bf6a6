extension AppState {
    mutating func handleStageMap(_ key: Key) -> [Effect] {
        guard let action = KeyTable.stageMap.action(for: key) else { return [] }
        let entries = mapEntries
        switch action {
        case .move(let offset): selection = min(max(0, entries.count - 1), max(0, selection + offset))
        case .first: selection = 0
        case .last: selection = max(0, entries.count - 1)
        case .open:
            guard entries.indices.contains(selection) else { return [] }
            switch entries[selection] {
            case .kata(let id):
                guard let lesson = content.lesson(forKata: id) else { return openKata(id) }
                open(.lesson(LessonPosition(lesson: lesson.id)))
            case .reading(let id):
                open(.lesson(LessonPosition(lesson: id)))
            }
        case .openKata:
            guard entries.indices.contains(selection), case .kata(let id) = entries[selection] else { return [] }
            return openKata(id)
        case .joinWorkshop:
            overlay = .joinWorkshop(JoinForm())
        case .quit:
            quitting = true
            return [.quit]
        case .askToQuit:
            overlay = .confirmQuit
        }
        return []
    }

    /// Starts on a kata's screen, with the map behind it (dikata started inside the kata's
    /// folder). A locked kata asks first, as on the map.
    public mutating func start(onKata id: String) {
        guard content.kata(id) != nil, let row = mapEntries.firstIndex(of: .kata(id)) else { return }
        selection = row
        _ = openKata(id)
    }

    /// Opens a kata, asking first when it is locked.
    mutating func openKata(_ id: String) -> [Effect] {
        if status(of: id) == .locked {
            overlay = .confirmUnlock(kata: id)
            return []
        }
        open(.kata(KataPosition(kata: id)))
        progress.current = id
        // Not graded here yet: a grade made in another terminal may already say how it stands.
        return [.saveProgress(progress)] + (grading[id] == nil ? [.loadLastVerdict(kata: id)] : [])
    }
}
