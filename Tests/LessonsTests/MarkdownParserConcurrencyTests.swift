import Lessons
import Testing

/// cmark-gfm keeps process-wide state: its registry of extensions, and a table of the
/// characters inline parsing stops at, which each parse with the table and strikethrough
/// extensions adds to and takes back. Parses running at once (tests in parallel, two screens
/// loading lessons) must each still see every extension.
struct MarkdownParserConcurrencyTests {
    static let document = """
        # Crew

        | name | role |
        |------|------|
        | Ada  | ~~pilot~~ engineer |

        Launch is ~~today~~ tomorrow, see https://swift.org.
        """

    @Test func parsesRunningAtOnceGiveWhatOneParseAlone() async {
        let alone = MarkdownParser().parse(Self.document)
        let together = await withTaskGroup(of: [MarkdownBlock].self) { group in
            for _ in 0..<400 {
                group.addTask { MarkdownParser().parse(Self.document) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(together.count == 400)
        #expect(together.allSatisfy { $0 == alone }, "\(together.filter { $0 != alone }.count) parses differed")
    }
}
