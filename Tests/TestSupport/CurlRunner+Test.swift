import Foundation
import Grading
import Synchronization
import Testing
import Workshop

extension CurlRunner {
    /// Records an issue if curl is started: for tests of plain-HTTP paths.
    public static let failing = CurlRunner { arguments in
        Issue.record("curl was started unexpectedly: \(arguments)")
        return .unavailable("failing test value")
    }

    /// The machine's curl, run by the real process runner with `environment` added to this
    /// process's (e.g. `CURL_CA_BUNDLE` for a test's own authority).
    public static func system(environment extra: [String: String] = [:]) -> CurlRunner {
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let runner = PosixProcessRunner(now: { Date() })
        return CurlRunner { arguments in
            guard let curl = CurlRunner.locate(path: environment["PATH"]) else { return .unavailable("no curl") }
            let request = ProcessRequest(
                executable: curl, arguments: arguments, environment: environment, timeout: 20, purpose: "test curl")
            let result = await runner.run(request)
            guard case .exited(let status) = result.termination else {
                return .unavailable("curl ended with \(result.termination)")
            }
            return .exited(status: status, stdout: result.stdout.text, stderr: result.stderr.text)
        }
    }
}

/// A curl played by the test: records each command line and the config file it named (read
/// while "curl" runs, with the file's permissions), and answers with `outcome`.
public final class RecordingCurl: Sendable {
    public struct Call: Sendable {
        public var arguments: [String]
        public var configPath: String?
        public var config: String?
        public var permissions: Int?
    }

    private let calls = Mutex<[Call]>([])
    private let outcome: @Sendable ([String]) -> CurlRunner.Outcome

    public init(outcome: @escaping @Sendable ([String]) -> CurlRunner.Outcome) { self.outcome = outcome }

    public var recorded: [Call] { calls.withLock { $0 } }

    public var runner: CurlRunner {
        CurlRunner { arguments in
            let path = arguments.firstIndex(of: "--config").map { arguments[$0 + 1] }
            let attributes = path.flatMap { try? FileManager.default.attributesOfItem(atPath: $0) }
            let call = Call(
                arguments: arguments, configPath: path,
                config: path.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) },
                permissions: (attributes?[.posixPermissions] as? NSNumber)?.intValue)
            self.calls.withLock { $0.append(call) }
            return self.outcome(arguments)
        }
    }
}
