import Foundation
import Grading
import Workshop

extension CurlRunner {
    /// curl found on `environment`'s PATH, run by the process runner with the caller's
    /// environment (so `CURL_CA_BUNDLE` and proxy settings apply) and a deadline.
    static func live(runner: some ProcessRunning, environment: [String: String]) -> CurlRunner {
        CurlRunner { arguments in
            guard let curl = CurlRunner.locate(path: environment["PATH"]) else {
                return .unavailable("no curl on the PATH")
            }
            let result = await runner.run(
                ProcessRequest(
                    executable: curl, arguments: arguments, environment: environment, timeout: 60,
                    outputLimit: 64 << 20, purpose: "reach the workshop host over HTTPS"))
            switch result.termination {
            case .exited(let status):
                return .exited(status: status, stdout: result.stdout.text, stderr: result.stderr.text)
            case .failedToStart(let reason): return .unavailable(reason)
            case .signalled, .timedOut, .stopped:
                return .exited(status: 28, stdout: "", stderr: "curl was stopped (\(result.termination))")
            }
        }
    }
}

extension CompositionRoot {
    /// The live `send` for the workshop: plain HTTP with a kept connection, HTTPS through curl.
    func workshopTransport() -> WorkshopClient.Send {
        WorkshopClient.live(
            plain: PlainHTTPClient(),
            curl: CurlHTTPClient(runner: .live(runner: PosixProcessRunner(now: now), environment: environment)))
    }
}
