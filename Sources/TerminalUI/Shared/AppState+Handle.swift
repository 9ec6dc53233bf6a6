import DIKataCore
import Foundation
import Lessons

extension AppState {
    /// Applies an event and returns the work the shell must do. Pure.
    public mutating func handle(_ event: Event) -> [Effect] {
        let effects = apply(event)
        cacheLayouts()
        cacheKataPage()
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

    func instructionsKey(_ kata: String) -> String { "kata/\(kata)/\(size.cols)" }

    private mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case .resize(let rows, let cols):
            size = (rows, cols)
            return []
        case .key(let key):
            let everywhere = KeyTable.everywhere.action(for: key)
            if everywhere == .quit {
                quitting = true
                return [.quit]
            }
            if let overlay { return handleOverlay(overlay, key: key) }
            if searchInput != nil { return handleSearchInput(key) }
            if everywhere == .showHelp {
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
            lastVerdicts[kata] = verdict
            progress.record(verdict, at: date)
            var effects: [Effect] = [.saveProgress(progress), .loadGraph(kata: kata)]
            if verdict.outcome == .passed && !wasPassed && overlay == nil {
                overlay = .passed(kata: kata, next: content.catalog.kata(after: kata))
            }
            if regradeQueued.remove(kata) != nil {
                grading[kata] = .running(.readingPackage)
                effects.append(.grade(kata: kata))
            }
            return effects
        case .lastVerdictLoaded(let kata, let verdict):
            // Shown only while nothing was graded here: a grade of its own always wins. The
            // grade that made it recorded the learner's progress already.
            guard grading[kata] == nil else { return [] }
            grading[kata] = .finished(verdict)
            lastVerdicts[kata] = verdict
            return []
        case .progressChanged(let disk):
            // Passes, scores and unlocks recorded elsewhere show on the map and in the header;
            // nothing recorded here goes back. Nothing to save: this tutorial saved its own
            // progress with each change, and the file holds the other half.
            progress = progress.merged(with: disk)
            return []
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

    // MARK: - Navigation

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

    var bodyHeight: Int { max(1, size.rows - 2) }
}
