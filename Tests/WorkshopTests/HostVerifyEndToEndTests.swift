import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing
import Workshop
import WorkshopHost

extension Slow {
    /// `dikata-host --verify` regrades real shares with the real `dikata grade` next to it
    /// (issue 17, "Going beyond"): kata 00's solution is verified; the starter with a forged
    /// self-reported pass is shown as a mismatch with the host's own grade.
    @Suite struct HostVerifyEndToEndTests {
        /// Every Swift file and the manifest of a kata package, as `dikata grade` shares them.
        static func shared(_ package: URL) -> [String: String] {
            var files: [String: String] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: package.path) ?? .init()
            where (path.hasSuffix(".swift")) && !path.hasPrefix(".build") {
                files[path] = try? String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)
            }
            return files
        }

        static func claim(kata: KataManifest, passed: Bool, code: [String: String]) -> ResultSubmission {
            let maximum = kata.checks.reduce(0) { $0 + $1.points }
            return ResultSubmission(
                id: UUID().uuidString, kata: kata.id, points: passed ? maximum : 0, maxPoints: maximum, passed: passed,
                checks: kata.checks.map { .init(id: $0.id, status: passed ? .passed : .failed) },
                durationMilliseconds: 1000, gradedAt: Date(), code: code)
        }

        @Test func aRealHostVerifiesASolutionAndExposesAForgedPass() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: HostFixture.binary.path))
            let kata = try Fixtures.kata("00-warm-up")
            let folder = try Fixtures.temporaryDirectory("verify-host")
            var environment = ProcessInfo.processInfo.environment
            environment["DIKATA_CACHE_DIR"] = Fixtures.cacheRoot.path
            let process = try BackgroundProcess(
                [
                    HostFixture.binary.path, "--port", "0", "--db", folder.appendingPathComponent("w.sqlite").path,
                    "--katas", "00", "--verify", "--regrade-jobs", "2", "--regrade-timeout", "600",
                ], environment: environment, output: folder.appendingPathComponent("host.log"))
            defer { process.stop() }
            let address = try #require(
                await process.waitForOutput(#/host on (http://127\.0\.0\.1:\d+)/#), "\(process.output)")
            let url = try #require(URL(string: address))
            let code = try #require(await process.waitForOutput(#/--code ([A-Z0-9]+)/#))
            let token = try #require(SecretsFile.token(at: folder.appendingPathComponent("w.sqlite.token").path))
            let facilitator = WorkshopClient(baseURL: url, token: token)
            func participant(_ name: String) async throws -> WorkshopClient {
                WorkshopClient(
                    baseURL: url, token: try await WorkshopClient(baseURL: url).join(code: code, name: name).token)
            }
            let solution = Self.shared(try Fixtures.submission(nil, kata: kata, solution: true))
            let starter = Self.shared(try Fixtures.submission(nil, kata: kata, solution: false))
            #expect(solution != starter && !solution.isEmpty)
            _ = try await participant("Honest").submit(Self.claim(kata: kata.manifest, passed: true, code: solution))
            _ = try await participant("Forger").submit(Self.claim(kata: kata.manifest, passed: true, code: starter))

            var cells: [String: Dashboard.Cell] = [:]
            for _ in 0..<600 where cells.count < 2 {
                try await Task.sleep(for: .seconds(1))
                for row in try await facilitator.dashboard().participants {
                    if let cell = row.cells[kata.id], cell.verification != nil { cells[row.name] = cell }
                }
            }
            let honest = try #require(cells["Honest"], "\(process.output)")
            #expect(honest.trust == .verified, "\(String(describing: honest.verification))")
            let forged = try #require(cells["Forger"], "\(process.output)")
            #expect(forged.trust == .mismatch, "\(String(describing: forged.verification))")
            #expect(forged.verification?.passed == false)
            #expect((forged.verification?.points ?? .max) < (forged.verification?.maxPoints ?? 0))
            let csv = try await facilitator.export(csv: true)
            #expect(csv.contains("Honest,\(kata.id),passed") && csv.contains(",verified"))
            #expect(csv.contains(",mismatch (host: "))
        }
    }
}
