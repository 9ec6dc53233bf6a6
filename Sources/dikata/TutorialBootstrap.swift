import CursesShell
import DIKataCore
import Foundation
import Grading
import Lessons
import TerminalUI

/// Builds the tutorial's content and live services: the wiring of the full-screen tutorial.
struct TutorialBootstrap {
    var root: CompositionRoot
    var library: KataLibrary
    var workspace: Workspace

    /// `--content`, then `DIKATA_CONTENT`, then the `Content/` folder of this source tree.
    static func contentDirectory(environment: [String: String]) -> URL {
        if let variable = environment["DIKATA_CONTENT"], !variable.isEmpty { return URL(fileURLWithPath: variable) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Content", isDirectory: true)
    }

    func lessonIndex() throws -> (LessonIndex, URL) {
        let directory = Self.contentDirectory(environment: root.environment)
        let file = directory.appendingPathComponent("lessons.yaml")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw CommandFailure(.usage, "Cannot read the lessons index \(file.path).")
        }
        do {
            return (try ManifestDecoder().lessonIndex(fromYAML: text, file: file.path), directory)
        } catch {
            throw CommandFailure(.usage, "The lessons index is malformed: \(error)")
        }
    }

    static func pageText(_ page: String, in directory: URL) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(page), encoding: .utf8))
            ?? "# Missing page\n\n`\(page)` could not be read from \(directory.path)."
    }

    func content() throws -> TutorialContent {
        let parser = MarkdownParser()
        let (index, directory) = try lessonIndex()
        let lessons = index.lessons.map { lesson in
            TutorialContent.LessonInfo(
                id: lesson.id, title: lesson.title, kata: lesson.kata,
                pages: lesson.pages.map { parser.parse(Self.pageText($0, in: directory)) })
        }
        let katas = library.ordered.map { kata -> TutorialContent.KataInfo in
            let readme = (try? String(contentsOf: kata.instructions, encoding: .utf8)) ?? kata.manifest.summary
            let track = library.catalog.tracks.first { $0.katas.contains(kata.id) }?.id ?? ""
            return TutorialContent.KataInfo(
                id: kata.id, title: kata.manifest.title, stage: kata.manifest.stage, track: track,
                summary: kata.manifest.summary, hints: kata.manifest.hints, maxPoints: kata.manifest.maxPoints,
                instructions: parser.parse(readme), packagePath: workspace.packageDirectory(for: kata.id).path,
                files: Self.editableFiles(of: kata))
        }
        return TutorialContent(
            title: library.catalog.title, catalog: library.catalog, katas: katas, lessons: lessons,
            workspacePath: workspace.root.path)
    }

    /// The starter's files in editable targets, plus Package.swift.
    static func editableFiles(of kata: Kata) -> [String] {
        let editable = kata.manifest.targets.filter(\.editable).map { "Sources/\($0.name)/" }
        let sources = KataFiles.starter(of: kata).paths.filter { path in
            path.hasSuffix(".swift") && editable.contains { path.hasPrefix($0) }
        }
        return sources.sorted() + ["Package.swift"]
    }

    func services(grader: Grader) -> TutorialServices {
        let library = self.library
        let workspace = self.workspace
        let store = root.progressStore(for: workspace)
        let environment = root.environment
        let now = root.now
        let runner = PosixProcessRunner(now: now)
        let scratch = root.cacheRoot.appendingPathComponent("tutorial", isDirectory: true)
        // The membership is read at each use, so joining from the tutorial takes effect at once;
        // one HTTP session serves every poll, so its connection stays open.
        let root = self.root
        let http = root.makeHTTP()
        let room: @Sendable () async -> RoomState? = {
            await WorkshopReporting.make(root: root, workspace: workspace, http: http)?.room()
        }
        let join: @Sendable (String, String, String) async -> String? = { url, name, code in
            await WorkshopReporting.join(root: root, workspace: workspace, http: http, url: url, name: name, code: code)
        }
        return TutorialServices(
            grade: { id, progress in
                guard let kata = library.kata(id) else { return .failure(TutorialFailure("Unknown kata \(id).")) }
                do {
                    let verdict = try await grader.grade(
                        kata, package: workspace.packageDirectory(for: id), progress: progress)
                    if let reporting = WorkshopReporting.make(root: root, workspace: workspace, http: http) {
                        _ = await reporting.report(verdict)
                    }
                    return .success(verdict)
                } catch {
                    return .failure(TutorialFailure("\(error)"))
                }
            },
            graph: { id in
                guard let kata = library.kata(id) else { return nil }
                return await grader.readGraph(for: kata, package: workspace.packageDirectory(for: id))
            },
            reset: { id in
                guard let kata = library.kata(id) else { return .failure(TutorialFailure("Unknown kata \(id).")) }
                do {
                    return .success(try workspace.resetKeepingBackup(kata, at: now())?.path)
                } catch {
                    return .failure(TutorialFailure(error.localizedDescription))
                }
            },
            solutionDiff: { id in
                guard let kata = library.kata(id) else { return [] }
                return await SolutionDiff(runner: runner, scratch: scratch).lines(
                    for: kata, learnerPackage: workspace.packageDirectory(for: id))
            },
            saveProgress: { progress in _ = try? store.save(progress) },
            openEditor: { path in
                let editor =
                    [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
                let command = editor.split(separator: " ").map(String.init) + [path]
                switch runner.runInteractive(command, environment: environment) {
                case .exited(0): return nil
                case .failedToStart(let reason):
                    return "Could not start your editor (\(reason)). Set $VISUAL or $EDITOR."
                case .exited(let code): return "The editor exited with status \(code)."
                default: return "The editor stopped unexpectedly."
                }
            },
            watchedFiles: { id in workspace.watchedFiles(for: id) },
            now: now,
            pause: root.pause,
            room: room,
            joinWorkshop: join,
            lastVerdict: { id in
                guard let kata = library.kata(id) else { return nil }
                return grader.lastVerdict(for: kata, package: workspace.packageDirectory(for: id))
            },
            progressFile: store.file.path, loadProgress: { store.load() })
    }
}
