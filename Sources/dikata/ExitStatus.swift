import ArgumentParser

/// dikata's exit codes, one meaning each, documented in `--help` and the README.
enum ExitStatus: Int32 {
    case success = 0
    case checksFailed = 1
    case usage = 2
    case internalError = 3

    var code: ExitCode { ExitCode(rawValue) }

    static let documentation = """
        EXIT CODES:
          0  every check passed (or the command succeeded)
          1  at least one check did not pass
          2  usage or configuration error (unknown kata, malformed kata, missing
             toolchain or workspace)
          3  internal error in dikata
        """
}

enum DikataVersion {
    static let current = "0.1.0"
}
