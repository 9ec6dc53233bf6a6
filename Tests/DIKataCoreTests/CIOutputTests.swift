import DIKataCore
import Foundation
import TestSupport
import Testing

/// What issue 16 found the CI formats doing wrong, one test per finding (no compiler runs).
struct CIOutputTests {
    /// A failing check at `file:line` worth `points`, with `message`.
    static func check(
        _ id: String, points: Int = 1, file: String? = "Sources/Items/A.swift", line: Int = 3,
        message: String = "Expectation failed", status: CheckStatus = .failed, output: String = ""
    ) -> CheckResult {
        CheckResult(
            id: id, title: "Check \(id)", kind: "behaviour", status: status, points: 0, maxPoints: points,
            advice: "Fix \(id).", message: message, location: file.map { SourceLocation(file: $0, line: line) },
            output: output, outputDroppedBytes: 0, visibility: .visible, duration: 0.01)
    }

    static func verdict(_ checks: [CheckResult], problems: [String] = [], notes: [String] = []) -> Verdict {
        Verdict(
            kata: .init(id: "01-singleton", title: "One", stage: 1), checks: checks, problems: problems, notes: notes,
            isolation: .bubblewrap, duration: 1)
    }

    static let context = ReportContext()

    // MARK: - GitHub annotations

    @Test func githubWritesOneAnnotationPerPlacePointsFirstAtMostTen() {
        // One compile error marks 11 checks at one place; 12 more checks fail at 12 places.
        let compile = (1...11).map { Self.check("c\($0)", message: "does not compile", status: .compileError) }
        let spread = (1...12).map { Self.check("s\($0)", points: $0 == 7 ? 5 : 1, line: 100 + $0) }
        let text = GitHubReport().annotations([Self.verdict(compile + spread)], context: Self.context)
        let errors = text.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.count == GitHubReport.errorLimit)
        #expect(errors[0].contains("line=107,"), "the 5-point check comes first: \(errors[0])")
        #expect(errors[1].contains("line=3,") && errors[1].contains("and 10 more checks here"))
        #expect(Set(errors.map { $0.split(separator: ",")[1] }).count == errors.count, "one per place")
        // 13 places in all: 10 shown, 3 left for the summary.
        #expect(text.contains("::notice::3 more in the summary\n"))
        #expect(text.hasSuffix("::notice title=01-singleton::0/23 checks passed, 0/27 points\n"))
    }

    @Test func githubEscapesEveryPropertyCharacterOfAFileName() {
        let verdict = Self.verdict([Self.check("odd", file: "Sources/A/50%: a,b\nc.swift")])
        let line = GitHubReport().annotations([verdict], context: Self.context).split(separator: "\n")[0]
        #expect(line.hasPrefix("::error file=01-singleton/Sources/A/50%25%3A a%2Cb%0Ac.swift,line=3,title="))
    }

    // MARK: - The grader's paths

    @Test func noFormatShowsAnAbsolutePathOfTheGraders() throws {
        let cache = "/home/grader/.cache/dikata"
        let message =
            "\(cache)/builds/01-singleton-ab12/snapshot/Sources/A/My File.swift:3:5: error: x\nnote: \(cache)/module-cache/X.pcm is stale; see /tmp/dikata-copy-1/Package.swift:2 and /srv/class/ada/Sources/A/B.swift:9"
        let verdict = Self.verdict(
            [Self.check("a", message: message, output: "printed \(cache)/builds/x/snapshot/Sources/A/B.swift")],
            problems: ["Cannot read /srv/class/ada/Package.swift"])
        let context = ReportContext(
            redactions: [
                "01-singleton": PathRedaction(graderFolders: [cache, "/tmp"], package: "/srv/class/ada/")
            ])
        for format in ReportFormat.allCases {
            let text = ReportRenderer(colour: false, context: context).render([verdict], as: format)
            for absolute in [cache, "/tmp/", "/srv/class", "/home/"] {
                #expect(!text.contains(absolute), "\(format) shows \(absolute)")
            }
        }
        let redacted = context.redacted([verdict])[0]
        #expect(
            redacted.checks[0].message
                == "01-singleton/Sources/A/My File.swift:3:5: error: x\nnote: <dikata>/…/X.pcm is stale; see <dikata>/…/Package.swift:2 and 01-singleton/Sources/A/B.swift:9"
        )
        #expect(redacted.problems == ["Cannot read 01-singleton/Package.swift"])
        // `/tmp` is no prefix of `/tmpfiles`.
        #expect(PathRedaction(graderFolders: ["/tmp"]).apply("/tmpfiles/x", display: { $0 }) == "/tmpfiles/x")
        // A `:` inside a learner's file name stays part of it.
        #expect(
            PathRedaction(package: "/srv/ada").apply("/srv/ada/Sources/A/a:b.swift:3: error", display: { "r/" + $0 })
                == "r/Sources/A/a:b.swift:3: error")
    }

    // MARK: - Markdown

    @Test func markdownKeepsLearnerTextInert() {
        let verdict = Self.verdict([
            Self.check(
                "x", file: "Sources/A/`<b>x</b>`.swift", message: "<script>alert(1)</script> & more | pipe",
                output: "```\n<img src=x>\n```")
        ])
        for text in [
            MarkdownReport().render([verdict], context: Self.context),
            GradescopeReport().render([verdict], context: Self.context),
        ] {
            #expect(!text.contains("<script>") && !text.contains("</b>` ") && !text.contains("\n<img"))
        }
        let markdown = MarkdownReport().render([verdict], context: Self.context)
        #expect(markdown.contains("(``01-singleton/Sources/A/`<b>x</b>`.swift:3``)"))
        #expect(markdown.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more \\| pipe"))
        let gradescope = GradescopeReport().render([verdict], context: Self.context)
        #expect(gradescope.contains("````\\n```\\n<img src=x>\\n```\\n````"), "a fence longer than the output's")
    }

    // MARK: - JUnit

    @Test func junitTestcasesHaveFileAndLineAndPropertiesUniqueNames() {
        let verdict = Self.verdict(
            [Self.check("a", file: "Sources/A/\"q\".swift", line: 12)], problems: ["p1", "p2"],
            notes: ["n1", "n2", "n3"])
        let xml = JUnitReport().render([verdict], context: Self.context)
        #expect(xml.contains("file=\"01-singleton/Sources/A/&quot;q&quot;.swift\" line=\"12\""))
        let names = xml.matches(of: #/<property name="([^"]+)"/#).map { String($0.output.1) }
        #expect(names == ["problem", "problem.2", "note", "note.2", "note.3"])
    }

    // MARK: - Exercism

    @Test func exercismOutputIsAtMost500CharactersWithLFLineEnds() throws {
        let long = String(repeating: "é🙂\r\n", count: 300)
        let verdict = Self.verdict([Self.check("a", output: long)])
        let test = try #require(Self.tests(ExercismReport().render([verdict], context: Self.context)).first)
        let output = try #require(test["output"] as? String)
        #expect(output.utf16.count <= 500 && output.count > 100)
        #expect(!output.contains("\r"))
        #expect(output.hasSuffix("… (cut)"))
    }

    @Test func exercismCrashOutputIsWhatTheLearnerPrinted() throws {
        let printed = "loading\r\nitems: 0\r\n"
        let crash =
            "💣 Program crashed: Illegal instruction at 0x00007f3a1c2b4e10\nThread 0 crashed:\n0 0x00007f3a1c2b4e10 main + 16 in App"
        let verdict = Self.verdict([
            Self.check(
                "a", status: .crashed, output: printed + "Fatal error: boom\n#0 0x000055d1c2a3b4c5 in foo\n" + crash)
        ])
        let test = try #require(Self.tests(ExercismReport().render([verdict], context: Self.context)).first)
        #expect(test["output"] as? String == "loading\nitems: 0\nFatal error: boom")
    }

    static func tests(_ json: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["tests"] as? [[String: Any]])
    }

    // MARK: - Classroom

    @Test func classroomResultCarriesPointsForTheReporter() throws {
        let text = ClassroomReport().render([SampleVerdicts.failing], context: SampleVerdicts.context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["status"] as? String == "fail")
        #expect(object["max_score"] as? Int == 9)
        let tests = try #require(object["tests"] as? [[String: Any]])
        // The reporter adds up the tests' scores: Points 2/9.
        #expect(tests.compactMap { $0["score"] as? Int }.reduce(0, +) == 2)
        #expect(tests.map { $0["status"] as? String } == ["pass", "fail", "error", "error", "error", "error"])
        #expect(tests[1]["line_no"] as? Int == 22)
        #expect(tests[1]["test_code"] as? String == "@Test func silent() {\n    #expect(true)\n}")
        #expect(ClassroomReport().pointsLine([SampleVerdicts.failing]) == "Points 2/9")
    }
}
