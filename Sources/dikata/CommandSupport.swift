import ArgumentParser

extension CompositionRoot {
    /// Runs a command body, turning a `CommandFailure` into its message on stderr and its exit code.
    func reportingFailures(_ body: () async throws -> ExitStatus) async throws {
        let status: ExitStatus
        do {
            status = try await body()
        } catch let failure as CommandFailure {
            writeError("error: \(failure.message)\n")
            throw failure.status.code
        }
        if status != .success { throw status.code }
    }
}
