import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

/// Every CI output fed to consumers nobody here wrote: junitparser, xunitparser and xmllint
/// (JUnit), check-jsonschema's GitHub and GitLab schemas (the `ci init` workflows), and JSON
/// Schemas written from the Exercism, Gradescope and Classroom specs (python jsonschema).
/// `.ci/run` installs every consumer; a missing one skips the test here and fails it under CI.
struct CIConsumerTests {
    static let repository = Fixtures.katas.deletingLastPathComponent()

    /// A verdict with what broke consumers before: notes under one property name, file names
    /// with quotes, colons and `<`, a CRLF output, a crash report, many failing places.
    static let awkward: Verdict = {
        var checks = (1...12).map { index in
            CheckResult(
                id: "c\(index)", title: "Check <\(index)> & \"more\"", kind: "behaviour",
                status: index == 3 ? .crashed : .failed, points: 0, maxPoints: index,
                advice: "Fix it.", message: "Expected: 1\r\nActual: 2",
                location: SourceLocation(file: "Sources/A/we\"ird: <\(index)>, 50%.swift", line: index),
                output: index == 3 ? "printed\r\n💣 Program crashed at 0x00007f3a1c2b4e10\n" : "out\r\n",
                outputDroppedBytes: 0, visibility: .visible, duration: 0.01)
        }
        checks.append(
            CheckResult(
                id: "ok", title: "Passes", kind: "contract", status: .passed, points: 2, maxPoints: 2, advice: nil,
                message: nil, location: nil, output: "", outputDroppedBytes: 0, visibility: .visible, duration: 0))
        return Verdict(
            kata: .init(id: "01-singleton", title: "One", stage: 1), checks: checks, problems: [],
            notes: ["first note", "second note", "third note"], isolation: .limitsOnly, duration: 2)
    }()

    static let verdictSets = [
        [SampleVerdicts.failing, SampleVerdicts.passing], [SampleVerdicts.unreadable], [awkward],
    ]

    // MARK: - Tools

    /// The tool on PATH; nil skips the test, except under CI (`.ci/run` installs it) where it fails.
    func tool(_ name: String, installedBy how: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        if found == nil {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("\(name) is missing; .ci/run installs it (\(how))")
            } else {
                print("skipped: \(name) is not installed here (\(how), as .ci/run does)")
            }
        }
        return found
    }

    /// Runs a Python `script` that imports `module`; nil when the module is missing (which
    /// skips the test here and fails it under CI).
    func python(_ script: String, needing module: String, _ arguments: [String]) async -> ProcessResult? {
        guard let python = tool("python3", installedBy: "apt python3") else { return nil }
        let result = await run(python, ["-c", script] + arguments)
        guard !result.stderr.text.contains("No module named '\(module)'") else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("the Python module \(module) is missing; .ci/run pip-installs it")
            } else {
                print("skipped: the Python module \(module) is not installed here (.ci/run pip-installs it)")
            }
            return nil
        }
        return result
    }

    func run(_ executable: String, _ arguments: [String]) async -> ProcessResult {
        await PosixProcessRunner(now: { Date() }).run(
            ProcessRequest(
                executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                timeout: 60, purpose: "feed a report to \(URL(fileURLWithPath: executable).lastPathComponent)"))
    }

    func write(_ text: String, _ name: String) throws -> String {
        let url = try Fixtures.temporaryDirectory("consumer").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func render(_ verdicts: [Verdict], _ format: ReportFormat) -> String {
        ReportRenderer(colour: false, context: SampleVerdicts.context).render(verdicts, as: format)
    }

    // MARK: - JUnit

    /// Counts as junitparser reads them: tests, failures, errors, skipped, and each case's file:line.
    static let junitparserScript = """
        import sys
        from junitparser import JUnitXml, Failure, Error, Skipped
        for path in sys.argv[1:]:
            counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
            for suite in JUnitXml.fromfile(path):
                for case in suite:
                    counts["tests"] += 1
                    for result in case.result:
                        key = {Failure: "failures", Error: "errors", Skipped: "skipped"}[type(result)]
                        counts[key] += 1
                    assert case.name and case.classname
            print(counts["tests"], counts["failures"], counts["errors"], counts["skipped"])
        """

    /// The JUnit report of each verdict set, one file each.
    func junitFiles() throws -> [String] {
        try Self.verdictSets.enumerated().map { index, verdicts in
            try write(render(verdicts, .junit), "\(index)/junit.xml")
        }
    }

    /// Each line of `output` as numbers.
    func numbers(_ output: String) -> [[Int]] {
        output.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
    }

    @Test func junitparserReadsEveryReport() async throws {
        guard let result = await python(Self.junitparserScript, needing: "junitparser", try junitFiles()) else {
            return
        }
        #expect(result.termination == .exited(0), "\(result.stderr.text.suffix(600))")
        let counts = numbers(result.stdout.text)
        #expect(counts.count == Self.verdictSets.count)
        for (verdicts, count) in zip(Self.verdictSets, counts) {
            let checks = verdicts.flatMap(\.checks)
            let failed = checks.filter { $0.status == .failed }.count
            let notPassed = checks.filter { $0.status != .passed }.count
            #expect(count.count == 4 && count[0] == checks.count && count[1] == failed)
            #expect(count.count == 4 && count[1] + count[2] + count[3] == notPassed)
        }
    }

    @Test func xunitparserReadsEveryReportWithItsProperties() async throws {
        let script = """
            import sys, xunitparser
            for path in sys.argv[1:]:
                suite, result = xunitparser.parse(open(path))
                print(result.testsRun, len(result.failures), len(result.errors), len(result.skipped))
            """
        guard let result = await python(script, needing: "xunitparser", try junitFiles()) else { return }
        #expect(result.termination == .exited(0), "\(result.stderr.text.suffix(600))")
        let counts = numbers(result.stdout.text)
        #expect(counts.map(\.first) == Self.verdictSets.map { $0.flatMap(\.checks).count })
    }

    @Test func xmllintValidatesEveryReportAgainstTheJUnitSchema() async throws {
        guard let xmllint = tool("xmllint", installedBy: "apt libxml2-utils") else { return }
        let schema = Self.repository.appendingPathComponent("docs/schemas/junit.xsd").path
        let result = await run(xmllint, ["--noout", "--schema", schema] + (try junitFiles()))
        #expect(result.termination == .exited(0), "\(result.stderr.text.suffix(600))")
    }

    // MARK: - JSON formats

    @Test func jsonFormatsAreValidAgainstSchemasFromTheirSpecs() async throws {
        let formats: [(ReportFormat, String)] = [
            (.exercism, "docs/schemas/exercism-results-v3.schema.json"),
            (.gradescope, "docs/schemas/gradescope-results.schema.json"),
            (.classroom, "docs/schemas/classroom-result.schema.json"),
        ]
        // Arguments: schema, report, schema, report, …
        var arguments: [String] = []
        for (format, schema) in formats {
            for (index, verdicts) in Self.verdictSets.enumerated() {
                arguments.append(Self.repository.appendingPathComponent(schema).path)
                arguments.append(try write(render(verdicts, format), "\(index)/\(format.rawValue).json"))
            }
        }
        let check = """
            import json, sys, jsonschema
            pairs = sys.argv[1:]
            for schema, report in zip(pairs[::2], pairs[1::2]):
                jsonschema.validate(json.load(open(report)), json.load(open(schema)))
            print(len(pairs) // 2)
            """
        guard let result = await python(check, needing: "jsonschema", arguments) else { return }
        #expect(result.termination == .exited(0), "\(result.stderr.text.suffix(800))")
        #expect(result.stdout.text == "\(formats.count * Self.verdictSets.count)\n")
    }

    // MARK: - Workflows

    @Test func checkJSONSchemaAcceptsEveryWorkflowCIInitWrites() async throws {
        guard let checker = tool("check-jsonschema", installedBy: "pip check-jsonschema") else { return }
        let workflows =
            CIWorkflow.Provider.allCases.map {
                CIWorkflow(
                    provider: $0, dikataURL: "https://example.org/dikata.git", dikataRef: "v1", minimumScore: "80%")
            } + [
                CIWorkflow(
                    provider: .github, dikataURL: "https://example.org/dikata.git", dikataRef: "v1",
                    minimumScore: "80%",
                    matrix: .init(shards: 4, kata: "01-singleton", submissions: "class"))
            ]
        var files: [Bool: [String]] = [:]
        for (index, workflow) in workflows.enumerated() {
            let name = URL(fileURLWithPath: workflow.provider.path).lastPathComponent
            files[workflow.provider == .gitlab, default: []].append(try write(workflow.text, "\(index)/\(name)"))
        }
        for (isGitLab, paths) in files {
            let schema = isGitLab ? "vendor.gitlab-ci" : "vendor.github-workflows"
            let result = await run(checker, ["--builtin-schema", schema] + paths)
            #expect(result.termination == .exited(0), "\(schema): \(result.stdout.text) \(result.stderr.text)")
        }
    }
}
