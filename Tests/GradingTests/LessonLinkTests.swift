import DIKataCore
import Foundation
import Grading
import Lessons
import TestSupport
import Testing

/// Every check that names a lesson section (`lesson` in kata.yaml) names a heading that exists
/// in the lesson that prepares its kata, so "Read: …" never sends a learner to nothing; and every
/// check of a core kata names one.
struct LessonLinkTests {
    static let content = Fixtures.katas.deletingLastPathComponent().appendingPathComponent("Content")

    func index() throws -> LessonIndex {
        let file = Self.content.appendingPathComponent("lessons.yaml")
        return try ManifestDecoder().lessonIndex(fromYAML: String(contentsOf: file, encoding: .utf8), file: file.path)
    }

    /// The plain text of every heading on `pages`.
    func headings(_ pages: [String]) throws -> Set<String> {
        var found: Set<String> = []
        for page in pages {
            let text = try String(contentsOf: Self.content.appendingPathComponent(page), encoding: .utf8)
            for case .heading(_, let inlines) in MarkdownParser().parse(text) {
                found.insert(inlines.map(\.plainText).joined())
            }
        }
        return found
    }

    @Test func everyLessonLinkNamesAHeadingOfItsKatasLesson() throws {
        let index = try index()
        for kata in try Fixtures.library().ordered {
            let named = kata.manifest.checks.compactMap { check in check.lesson.map { (check.id, $0) } }
            guard !named.isEmpty else { continue }
            let lesson = try #require(index.lesson(forKata: kata.id), "\(kata.id) has no lesson")
            let headings = try headings(lesson.pages)
            for (check, section) in named {
                #expect(
                    headings.contains(section),
                    "\(kata.id) check \(check) links to \"\(section)\", which is no heading of \(lesson.pages.joined(separator: ", "))"
                )
            }
        }
    }

    @Test func everyCheckOfTheCoreTrackNamesItsLessonSection() throws {
        let library = try Fixtures.library()
        let core = try #require(library.catalog.tracks.first { $0.id == "core" })
        for id in core.katas {
            let kata = try #require(library.kata(id))
            let missing = kata.manifest.checks.filter { $0.lesson == nil }.map(\.id)
            #expect(missing.isEmpty, "\(id): these checks name no lesson section: \(missing.joined(separator: ", "))")
        }
    }

    @Test func aFailedCheckCarriesItsLessonIntoTheVerdictAndTheReport() {
        let spec = CheckSpec(
            id: "one-launch-id", title: "One launch ID", points: 2,
            kind: .lint(pattern: "x", paths: [], mustMatch: false),
            advice: "Share one instance.", lesson: "The GoF singleton")
        let manifest = KataManifest(
            id: "01-singleton", title: "One by law", stage: 1, summary: "", hints: [], targets: [], checks: [spec])
        let failed = VerdictBuilder().verdict(
            for: manifest, evidence: ["one-launch-id": CheckEvidence(.failed("two IDs", nil))],
            isolation: .bubblewrap, duration: 1)
        #expect(failed.checks[0].lesson == "The GoF singleton")
        let text = TextReport(colour: false).render(failed)
        #expect(text.contains("Read: \u{201C}The GoF singleton\u{201D} in lesson 1"))

        let passed = VerdictBuilder().verdict(
            for: manifest, evidence: ["one-launch-id": CheckEvidence(.passed)], isolation: .bubblewrap, duration: 1)
        #expect(passed.checks[0].lesson == nil)
    }
}
