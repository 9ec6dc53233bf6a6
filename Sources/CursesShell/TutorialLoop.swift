import DIKataCore
import Foundation
import Synchronization
import TerminalUI

/// Events produced by background work, collected for the loop.
final class Inbox: Sendable {
    private let events = Mutex<[Event]>([])

    func post(_ event: Event) { events.withLock { $0.append(event) } }

    func drain() -> [Event] {
        events.withLock { events in
            defer { events.removeAll() }; return events
        }
    }
}

/// The event loop: draw → read a key (one `turn` at most) → handle → perform effects; results of
/// background work arrive through the inbox. Returns the exit status.
public struct TutorialLoop {
    /// How long one turn of the loop waits for a key, in milliseconds. Saved files are looked at
    /// between turns, so a save waits half of it on average before its grade starts (50 ms turns
    /// made that 25 ms; an idle turn costs a read of the file events, a few microseconds).
    static let turn: Int32 = 10

    public var terminal: any TerminalDevice
    public var services: TutorialServices
    /// Notices saved files of the kata on screen.
    public var watcher: FileWatcher
    /// Notices a new save of the progress file (``TutorialServices/progressFile``).
    public var progressWatcher: FileWatcher?
    /// Called with seconds from input to a drawn frame (for `bench/tui`).
    public var frameTimer: ((Double) -> Void)?
    /// Called once the first frame is on screen (for `bench/tui`).
    public var firstFrameDrawn: (() -> Void)?
    /// Called when a grade starts, and when a frame showing its verdict is drawn, with how long
    /// the grade itself took (for `bench/watch`: a save's latency beyond the grade).
    public var gradeTrace: (@Sendable (GradeTrace) -> Void)?

    public enum GradeTrace: Sendable {
        case started(kata: String, at: Date)
        case verdictDrawn(kata: String, at: Date, gradeSeconds: Double)
    }

    public init(
        terminal: any TerminalDevice, services: TutorialServices, watcher: FileWatcher,
        progressWatcher: FileWatcher? = nil, frameTimer: ((Double) -> Void)? = nil,
        firstFrameDrawn: (() -> Void)? = nil, gradeTrace: (@Sendable (GradeTrace) -> Void)? = nil
    ) {
        self.terminal = terminal
        self.services = services
        self.watcher = watcher
        self.progressWatcher = progressWatcher
        self.frameTimer = frameTimer
        self.firstFrameDrawn = firstFrameDrawn
        self.gradeTrace = gradeTrace
    }

    public func run(_ initial: AppState) async -> Int32 {
        var state = initial
        let inbox = Inbox()
        var watcher = self.watcher
        var watchedKata: String?
        // When a kata comes on screen, its files' baseline is taken before the frame that shows
        // it: a save made as soon as the learner sees the kata is then always a change.
        func follow(_ state: AppState, now: Date) {
            let kata = Self.watchedKata(state)
            guard kata != watchedKata else { return }
            watchedKata = kata
            watcher.reset()
            if let kata { _ = watcher.poll(services.watchedFiles(kata), now: now) }
        }
        follow(state, now: services.now())
        // The progress file's baseline: only saves from now on are news.
        let progressFile = services.progressFile.map { [$0] } ?? []
        var progressWatcher = progressFile.isEmpty ? nil : self.progressWatcher
        _ = progressWatcher?.poll(progressFile, now: services.now())
        terminal.draw(state.render())
        firstFrameDrawn?()
        var exitStatus: Int32 = 0
        let pause = services.pause
        let roomPoller = services.room.map { room in
            Task.detached {
                while !Task.isCancelled {
                    if let state = await room() { inbox.post(.roomUpdated(state)) }
                    await pause(.seconds(1))
                }
            }
        }
        defer { roomPoller?.cancel() }
        var lastTick = Date.distantPast
        loop: while true {
            var events: [Event] = []
            let input = await terminal.read(timeout: Self.turn)
            let now = services.now()
            switch input {
            case .signal(let signal):
                exitStatus = 128 + signal
                break loop
            case .key(let key): events.append(.key(key))
            case .resize(let rows, let cols): events.append(.resize(rows: rows, cols: cols))
            case nil: break
            }
            events += inbox.drain()
            if state.room?.countdownEndsAt != nil, now.timeIntervalSince(lastTick) >= 1 {
                lastTick = now
                events.append(.tick(now))
            }

            if let kata = watchedKata, watcher.poll({ services.watchedFiles(kata) }, now: now) {
                events.append(.filesChanged(kata: kata))
            }
            if progressWatcher?.poll(progressFile, now: now) == true, let disk = services.loadProgress() {
                events.append(.progressChanged(disk))
            }

            guard !events.isEmpty else { continue }
            for event in events {
                for effect in state.handle(event) {
                    if case .quit = effect { break loop }
                    perform(effect, state: &state, inbox: inbox)
                }
            }
            follow(state, now: now)
            terminal.draw(state.render())
            if input != nil { frameTimer?(services.now().timeIntervalSince(now)) }
            if let gradeTrace {
                for case .graded(let kata, let verdict, _) in events {
                    gradeTrace(.verdictDrawn(kata: kata, at: services.now(), gradeSeconds: verdict.duration))
                }
            }
        }
        terminal.close()
        return exitStatus
    }

    /// The kata whose files are watched: the one on screen.
    static func watchedKata(_ state: AppState) -> String? {
        switch state.screen {
        case .kata(let position): position.kata
        case .graph(let kata): kata
        default: nil
        }
    }

    private func perform(_ effect: Effect, state: inout AppState, inbox: Inbox) {
        let services = self.services
        switch effect {
        case .grade(let kata):
            gradeTrace?(.started(kata: kata, at: services.now()))
            Task.detached {
                let result = await services.grade(kata) { stage in inbox.post(.gradingProgress(kata: kata, stage)) }
                switch result {
                case .success(let verdict): inbox.post(.graded(kata: kata, verdict, at: services.now()))
                case .failure(let failure): inbox.post(.gradingFailed(kata: kata, message: failure.message))
                }
            }
        case .openEditor(let path):
            var message: String?
            terminal.suspend { message = services.openEditor(path) }
            _ = state.handle(.editorFinished(message: message))
        case .reset(let kata):
            Task.detached {
                switch await services.reset(kata) {
                case .success(let backup): inbox.post(.resetFinished(kata: kata, backup: backup, error: nil))
                case .failure(let failure): inbox.post(.resetFinished(kata: kata, backup: nil, error: failure.message))
                }
            }
        case .loadSolution(let kata):
            Task.detached { inbox.post(.solutionLoaded(kata: kata, diff: await services.solutionDiff(kata))) }
        case .loadGraph(let kata):
            Task.detached {
                if let graph = await services.graph(kata) { inbox.post(.graphLoaded(kata: kata, graph)) }
            }
        case .loadLastVerdict(let kata):
            Task.detached {
                if let verdict = await services.lastVerdict(kata) {
                    inbox.post(.lastVerdictLoaded(kata: kata, verdict))
                }
            }
        case .saveProgress(let progress):
            services.saveProgress(progress)
        case .joinWorkshop(let url, let name, let code):
            Task.detached {
                guard let join = services.joinWorkshop else {
                    inbox.post(.workshopJoined(error: "Workshops are not available here."))
                    return
                }
                inbox.post(.workshopJoined(error: await join(url, name, code)))
            }
        case .quit:
            break
        }
    }
}
