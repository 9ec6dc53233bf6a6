import Foundation

/// Runs the system `curl` with the given arguments: the only way the workshop client speaks
/// HTTPS. Linking a TLS library into `dikata` would build BoringSSL into every learner's first
/// `swift run dikata`; curl is already on nearly every machine, and only participants of a
/// workshop served over TLS ever start it.
///
/// Injected: the composition root passes a live value over the process runner; tests pass a
/// recording or failing one (Tests/TestSupport).
public struct CurlRunner: Sendable {
    /// How one run of curl ended.
    public enum Outcome: Sendable, Equatable {
        /// curl ran and exited with `status`; `stdout` is what it wrote (the response body and
        /// the status line curl was asked to add), `stderr` its error message.
        case exited(status: Int32, stdout: String, stderr: String)
        /// curl could not be started (not installed, or not on the PATH): the reason.
        case unavailable(String)
    }

    /// Runs curl with `arguments` and returns how it ended.
    public var run: @Sendable (_ arguments: [String]) async -> Outcome

    public init(run: @escaping @Sendable (_ arguments: [String]) async -> Outcome) {
        self.run = run
    }

    /// The path of the program named `name` on `path` (a PATH value), or nil.
    public static func locate(_ name: String = "curl", path: String?) -> String? {
        let folders = (path ?? "/usr/bin:/bin:/usr/local/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What a participant is told when curl is missing.
    public static let missingAdvice =
        "this host speaks HTTPS, which dikata reaches through the system `curl`: install curl (e.g. `apt-get install curl`) and try again"
}
