import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop
import WorkshopHost

/// `dikata-host --verify` as a facilitator starts it, with a stand-in for `dikata` (a shell
/// script that prints a fixed JSON report): the real host runs it on a copy of the shared code
/// and marks the results, in the fast tier (no compiler runs).
@Suite struct HostVerifyCommandTests {
    /// Starts the real dikata-host with `arguments`; returns it with its URL and control token.
    func startHost(_ arguments: [String], folder: URL) async throws -> (BackgroundProcess, URL, String, String) {
        try #require(FileManager.default.isExecutableFile(atPath: HostFixture.binary.path), "build first")
        let database = folder.appendingPathComponent("w.sqlite").path
        let process = try BackgroundProcess(
            [HostFixture.binary.path, "--port", "0", "--db", database, "--katas", "01"] + arguments,
            output: folder.appendingPathComponent("host.log"))
        let address = try #require(
            await process.waitForOutput(#/host on (http://127\.0\.0\.1:\d+)/#), "\(process.output)")
        let code = try #require(await process.waitForOutput(#/--code ([A-Z0-9]+)/#))
        let token = try #require(SecretsFile.token(at: database + ".token"))
        return (process, try #require(URL(string: address)), code, token)
    }

    @Test func theHostRunsItsGraderOnACopyOfTheSharedCodeAndMarksTheResult() async throws {
        let folder = try Fixtures.temporaryDirectory("verify-command")
        let report = folder.appendingPathComponent("report.json")
        try JSONReport().render([SampleVerdicts.passing]).write(to: report, atomically: true, encoding: .utf8)
        let seen = folder.appendingPathComponent("seen")
        // Records its arguments and the shared file it was given, then answers 3 of 3, passed.
        let grader = folder.appendingPathComponent("dikata")
        try """
        #!/bin/sh
        echo "$@" >> '\(seen.path).args'
        cat "$3/Sources/APIClient/APIClient.swift" >> '\(seen.path).code'
        cat '\(report.path)'
        """.write(to: grader, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: grader.path)
        let (process, url, code, token) = try await startHost(
            ["--verify", "--grader", grader.path, "--regrade-jobs", "1"], folder: folder)
        defer { process.stop() }
        #expect(process.output.contains("Regrading shared code with \(grader.path): 1 at once"))

        for (name, points, passed) in [("Honest", 3, true), ("Forger", 1, false)] {
            let joined = try await WorkshopClient(baseURL: url).join(code: code, name: name)
            _ = try await WorkshopClient(baseURL: url, token: joined.token).submit(
                ResultSubmission(
                    id: UUID().uuidString, kata: "01-singleton", points: points, maxPoints: 3, passed: passed,
                    checks: [.init(id: "once", status: passed ? .passed : .failed)], durationMilliseconds: 5,
                    gradedAt: Date(), code: ["Sources/APIClient/APIClient.swift": "// by \(name)\n"]))
        }
        let facilitator = WorkshopClient(baseURL: url, token: token)
        var trust: [String: Trust] = [:]
        for _ in 0..<1000 where trust.count < 2 {
            for row in try await facilitator.dashboard().participants {
                // Self-reported until the regrade is in.
                if let mark = row.cells["01-singleton"]?.trust, mark != .selfReported { trust[row.name] = mark }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(trust == ["Honest": .verified, "Forger": .mismatch], "\(process.output)")
        let copied = try String(contentsOf: URL(fileURLWithPath: seen.path + ".code"), encoding: .utf8)
        #expect(copied.split(separator: "\n").sorted() == ["// by Forger", "// by Honest"])
        let arguments = try String(contentsOf: URL(fileURLWithPath: seen.path + ".args"), encoding: .utf8)
        #expect(arguments.contains("grade --submission /"))
        #expect(arguments.contains("--kata 01-singleton --format json --exit-zero"))
    }

    @Test func verifyWithoutAGraderOrAGraderWithoutVerifyIsAUsageError() async throws {
        let folder = try Fixtures.temporaryDirectory("verify-usage")
        for (arguments, message) in [
            (["--verify", "--grader", "/nonexistent/dikata"], "/nonexistent/dikata is not an executable"),
            (["--grader", "/bin/true"], "--grader and --kata-library only matter with --verify"),
        ] {
            let process = try BackgroundProcess(
                [HostFixture.binary.path, "--port", "0", "--db", folder.appendingPathComponent("w.sqlite").path]
                    + arguments, output: folder.appendingPathComponent("host-\(arguments.count).log"))
            let status = process.stop(0)  // signal 0: only waits for it to end
            #expect((status >> 8) & 0xFF == 64, "exit status \(status): \(process.output)")
            #expect(process.output.contains(message), "\(process.output)")
        }
    }
}
