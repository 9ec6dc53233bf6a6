import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// Every CI format checked by the consumer's rules: JUnit XML against an XSD with xmllint,
    /// Exercism, Gradescope and dikata's JSON against JSON Schemas, GitHub annotations against
    /// the workflow-command syntax. Reports from sample verdicts and from a real grade.
    @Suite(.serialized) struct ReportValidationTests {
        static let repository = Fixtures.katas.deletingLastPathComponent()
        static let schemas = repository.appendingPathComponent("docs")

        func tool(_ name: String) throws -> String {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            let found = path.split(separator: ":").map { "\($0)/\(name)" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
            return try #require(found, "\(name) is needed for this test (see .ci/run for the packages)")
        }

        func run(_ executable: String, _ arguments: [String]) async -> ProcessResult {
            await PosixProcessRunner(now: { Date() }).run(
                ProcessRequest(
                    executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                    timeout: 60,
                    purpose: "validate a report"))
        }

        func write(_ text: String, _ name: String) throws -> String {
            let url = try Fixtures.temporaryDirectory("report").appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }

        func verdictSets() async throws -> [[Verdict]] {
            let graded = try await Fixtures.grader().grade(
                try Fixtures.loginKata(), package: try Fixtures.submission(nil, solution: false))
            return [[SampleVerdicts.failing, SampleVerdicts.passing], [SampleVerdicts.unreadable], [graded]]
        }

        @Test func junitIsValidAgainstTheXSD() async throws {
            let xmllint = try tool("xmllint")
            for verdicts in try await verdictSets() {
                let file = try write(JUnitReport().render(verdicts, context: SampleVerdicts.context), "junit.xml")
                let result = await run(
                    xmllint,
                    ["--noout", "--schema", Self.schemas.appendingPathComponent("schemas/junit.xsd").path, file])
                #expect(result.termination == .exited(0), "\(result.stderr.text)")
            }
        }

        @Test(arguments: [
            (ReportFormat.exercism, "schemas/exercism-results-v3.schema.json"),
            (.gradescope, "schemas/gradescope-results.schema.json"),
            (.json, "verdict-schema.json"),
        ])
        func jsonIsValidAgainstItsSchema(format: ReportFormat, schema: String) async throws {
            let python = try tool("python3")
            let check =
                "import json, sys, jsonschema; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))"
            for verdicts in try await verdictSets() {
                let file = try write(
                    ReportRenderer(colour: false, context: SampleVerdicts.context).render(verdicts, as: format),
                    "report.json")
                let result = await run(python, ["-c", check, Self.schemas.appendingPathComponent(schema).path, file])
                #expect(result.termination == .exited(0), "\(format): \(result.stderr.text.suffix(800))")
            }
        }

        @Test func githubAnnotationsFollowTheWorkflowCommandSyntax() async throws {
            // ::error|warning|notice [key=value[,key=value]...]::message — values without raw `,` `:` or newlines.
            let syntax =
                #/^::(error|warning|notice)( (file|line|col|endLine|endColumn|title)=[^,:\n]*(,(file|line|col|endLine|endColumn|title)=[^,:\n]*)*)?::[^\n]*$/#
            for verdicts in try await verdictSets() {
                let text = GitHubReport().annotations(verdicts, context: SampleVerdicts.context)
                let lines = text.split(separator: "\n")
                #expect(!lines.isEmpty)
                for line in lines {
                    #expect(line.wholeMatch(of: syntax) != nil, "not a workflow command: \(line)")
                }
            }
        }
    }
}
