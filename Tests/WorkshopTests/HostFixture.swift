import DIKataCore
import Foundation
import TestSupport
import Testing
import Workshop
import WorkshopHost

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `dikata-host` on loopback, started and stopped by a test.
final class HostFixture: @unchecked Sendable {
    static let binary = Fixtures.katas.deletingLastPathComponent().appendingPathComponent(".build/debug/dikata-host")

    let process: BackgroundProcess
    let database: URL
    let url: URL
    let code: String
    let facilitatorToken: String
    let projectorToken: String

    /// Starts a host on a free port over `database` (a new one by default).
    static func start(database: URL? = nil, port: Int = 0) async throws -> HostFixture {
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "build dikata-host first: swift build --build-tests")
        let folder = try Fixtures.temporaryDirectory("host")
        let db = database ?? folder.appendingPathComponent("workshop.sqlite")
        let process = try BackgroundProcess(
            [binary.path, "--port", String(port), "--db", db.path, "--katas", "00-02"],
            output: folder.appendingPathComponent("host.log"))
        // A generous wait: it ends as soon as the banner is out, and a debug host starting
        // beside the slow suites' compilers has taken over 20 s.
        let address = try #require(
            await process.waitForOutput(#/host on (http://127\.0\.0\.1:\d+)/#, seconds: 90),
            "the host did not start:\n\(process.output)")
        let code = try #require(await process.waitForOutput(#/--code ([A-Z0-9]+)/#))
        let projector = try #require(await process.waitForOutput(#/#view=([0-9a-f]+)/#))
        // The control token is never printed: it is read from its 0600 file, as a facilitator would.
        let tokenFile = try #require(await process.waitForOutput(#/control token: in (\S+) /#))
        let token = try #require(SecretsFile.token(at: tokenFile))
        return HostFixture(
            process: process, database: db, url: try #require(URL(string: address)), code: code,
            facilitatorToken: token, projectorToken: projector)
    }

    private init(
        process: BackgroundProcess, database: URL, url: URL, code: String, facilitatorToken: String,
        projectorToken: String
    ) {
        self.process = process
        self.database = database
        self.url = url
        self.code = code
        self.facilitatorToken = facilitatorToken
        self.projectorToken = projectorToken
    }

    var port: Int { url.port ?? 0 }
    /// The 0600 file the host keeps the facilitator token in.
    var tokenFile: String { database.path + ".token" }
    var facilitator: WorkshopClient { WorkshopClient(baseURL: url, token: facilitatorToken) }

    func participant(_ name: String) async throws -> WorkshopClient {
        let joined = try await WorkshopClient(baseURL: url).join(code: code, name: name)
        return WorkshopClient(baseURL: url, token: joined.token)
    }

    /// A raw request, for malformed input: returns the status and the `error` text.
    func raw(_ method: String, _ path: String, body: Data?, token: String? = nil, headers: [String: String] = [:])
        async throws -> (Int, String)
    {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (key, value) in headers { request.setValue(value, forHTTPHeaderField: key) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let error =
            (try? WorkshopWire.decoder.decode(ErrorBody.self, from: data))?.error
            ?? String(decoding: data, as: UTF8.self)
        return (status, error)
    }

    func stop() { process.stop() }

    static func result(
        kata: String = "01-singleton", points: Int = 3, passed: Bool = false, failing: [String] = ["debt-free"],
        id: String = UUID().uuidString, at date: Date = Date(), code: [String: String]? = nil
    ) -> ResultSubmission {
        ResultSubmission(
            id: id, kata: kata, points: points, maxPoints: 14, passed: passed,
            checks: [.init(id: "client-init", status: .passed)] + failing.map { .init(id: $0, status: .failed) },
            durationMilliseconds: 800, gradedAt: date, code: code)
    }
}
