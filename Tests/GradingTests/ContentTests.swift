import DIKataCore
import Foundation
import Grading
import Lessons
import TestSupport
import Testing

extension Slow {
    /// The lessons dikata ships: the index loads, every page and kata it names exists, every stage
    /// has a lesson, code and diagrams fit the reader, and every `swift` block compiles on its own.
    struct ContentTests {
        static let content = Fixtures.katas.deletingLastPathComponent().appendingPathComponent("Content")

        func index() throws -> LessonIndex {
            let file = Self.content.appendingPathComponent("lessons.yaml")
            return try ManifestDecoder().lessonIndex(
                fromYAML: String(contentsOf: file, encoding: .utf8), file: file.path)
        }

        func pages() throws -> [(String, [MarkdownBlock])] {
            try index().lessons.flatMap(\.pages).map { page in
                (
                    page,
                    MarkdownParser().parse(
                        try String(contentsOf: Self.content.appendingPathComponent(page), encoding: .utf8))
                )
            }
        }

        static func codeBlocks(_ blocks: [MarkdownBlock]) -> [(language: String?, text: String)] {
            blocks.flatMap { block -> [(language: String?, text: String)] in
                switch block {
                case .code(let language, let text): [(language, text)]
                case .list(_, _, let items): items.flatMap(codeBlocks)
                case .quote(let inner): codeBlocks(inner)
                default: []
                }
            }
        }

        @Test func everyLessonAndKataIsThere() throws {
            let index = try index()
            let library = try Fixtures.library()
            for lesson in index.lessons {
                for page in lesson.pages {
                    #expect(
                        FileManager.default.fileExists(atPath: Self.content.appendingPathComponent(page).path),
                        "\(page) is missing")
                }
                if let kata = lesson.kata {
                    #expect(library.kata(kata) != nil, "\(lesson.id) prepares an unknown kata \(kata)")
                }
            }
            for kata in library.ordered {
                #expect(index.lesson(forKata: kata.id) != nil, "\(kata.id) has no lesson")
            }
        }

        @Test func codeAndDiagramsFitTheReader() throws {
            for (page, blocks) in try pages() {
                for block in Self.codeBlocks(blocks) {
                    for line in block.text.split(separator: "\n") {
                        #expect(
                            DisplayWidth.of(String(line)) <= 76,
                            "\(page): a code line is wider than 76 columns: \(line)")
                    }
                }
            }
        }

        @Test func everySwiftBlockCompiles() async throws {
            let swiftc = try #require(
                (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
                    .first { FileManager.default.isExecutableFile(atPath: $0) })
            let folder = try Fixtures.temporaryDirectory("lesson-code")
            var files: [(String, URL)] = []
            for (page, blocks) in try pages() {
                for (index, block) in Self.codeBlocks(blocks).enumerated() where block.language == "swift" {
                    let file = folder.appendingPathComponent(
                        "\(page.replacingOccurrences(of: "/", with: "_"))-\(index).swift")
                    try block.text.write(to: file, atomically: true, encoding: .utf8)
                    files.append((page, file))
                }
            }
            #expect(files.count >= 6, "each stage lesson shows Swift code")
            let runner = PosixProcessRunner(now: { Date() })
            for (page, file) in files {
                let result = await runner.run(
                    ProcessRequest(
                        executable: swiftc,
                        arguments: [
                            "-typecheck", "-swift-version", "6", "-parse-as-library", "-module-cache-path",
                            Fixtures.cacheRoot.appendingPathComponent("module-cache").path, file.path,
                        ],
                        environment: ProcessInfo.processInfo.environment, timeout: 120, purpose: "check a lesson's code"
                    ))
                #expect(
                    result.termination == .exited(0),
                    "\(page) (\(file.lastPathComponent)):\n\(result.stderr.text.prefix(1500))")
                #expect(
                    !result.stderr.text.contains("warning:"),
                    "\(page): the code compiles with warnings:\n\(result.stderr.text.prefix(800))")
            }
        }
    }
}
