extension AppState {
    mutating func handleOverlay(_ current: Overlay, key: Key) -> [Effect] {
        switch current {
        case .joinWorkshop(let form):
            return handleJoinForm(form, key: key)
        case .help, .message:
            overlay = nil
            return []
        case .passed(_, let next):
            overlay = nil
            guard KeyTable.passed.action(for: key) == .openNext, let next else { return [] }
            return openKata(next)
        case .confirmReset(let kata):
            overlay = nil
            return KeyTable.confirm.action(for: key) == .confirm ? [.reset(kata: kata)] : []
        case .confirmUnlock(let kata):
            overlay = nil
            guard KeyTable.confirm.action(for: key) == .confirm else { return [] }
            if !progress.unlocked.contains(kata) { progress.unlocked.append(kata) }
            return openKata(kata)
        case .confirmQuit:
            overlay = nil
            guard KeyTable.confirm.action(for: key) == .confirm else { return [] }
            quitting = true
            return [.quit]
        case .confirmSolution(let kata):
            overlay = nil
            return KeyTable.confirm.action(for: key) == .confirm ? [.loadSolution(kata: kata)] : []
        case .solution(let kata, let diff, let scroll):
            let page = max(1, size.rows - 6)
            let maxScroll = max(0, diff.count - page)
            switch KeyTable.solution.action(for: key) {
            case .scroll(let lines):
                overlay = .solution(kata: kata, diff: diff, scroll: min(maxScroll, max(0, scroll + lines)))
            case .scrollPages(let pages):
                overlay = .solution(kata: kata, diff: diff, scroll: min(maxScroll, max(0, scroll + pages * page)))
            case .close, nil:
                overlay = nil
            }
            return []
        }
    }

    private mutating func handleJoinForm(_ current: JoinForm, key: Key) -> [Effect] {
        var form = current
        switch KeyTable.joinForm.action(for: key) {
        case .cancel:
            overlay = nil
            return []
        case .nextField:
            form.field = (form.field + 1) % 3
        case .previousField:
            form.field = (form.field + 2) % 3
        case .deleteBackward:
            switch form.field {
            case 0: form.url = String(form.url.dropLast())
            case 1: form.name = String(form.name.dropLast())
            default: form.code = String(form.code.dropLast())
            }
        case .submit:
            if form.field < 2 {
                form.field += 1
            } else {
                form.note = "Joining…"
                overlay = .joinWorkshop(form)
                return [.joinWorkshop(url: form.url, name: form.name, code: form.code)]
            }
        case .type, nil:
            guard case .character(let character) = key else { break }
            switch form.field {
            case 0: form.url.append(character)
            case 1: form.name.append(character)
            default: form.code.append(Character(character.uppercased()))
            }
        }
        form.note = form.note == "Joining…" ? nil : form.note
        overlay = .joinWorkshop(form)
        return []
    }
}
