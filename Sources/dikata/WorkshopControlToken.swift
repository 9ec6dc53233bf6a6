import ArgumentParser
import Foundation
import Workshop

/// Where every facilitator command (`dashboard`, `unlock`, `message`, `countdown`, `export`,
/// `room …`) reads the host's control token: the 0600 file dikata-host keeps it in, or
/// $DIKATA_FACILITATOR_TOKEN. Never the command line, where other users of the machine can read it.
struct ControlTokenOptions: ParsableArguments {
    static let defaultFile = "dikata-workshop.sqlite.token"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The file dikata-host keeps the control token in (default: the one next to its default database); "
                + "else $DIKATA_FACILITATOR_TOKEN. Never a token on the command line.",
            valueName: "file"))
    var tokenFile = Self.defaultFile

    /// Not accepted (it used to be): parsed only to say where the token is read from instead.
    @Option(name: .customLong("token"), help: .hidden)
    var commandLineToken: String?

    static let noCommandLineToken = """
        --token is not accepted: a command line is visible to other users of this machine. \
        The control token is read from the file dikata-host keeps it in (--token-file, default \
        \(defaultFile) next to its default database), or from $DIKATA_FACILITATOR_TOKEN.
        """

    func validate() throws {
        if commandLineToken != nil { throw ValidationError(Self.noCommandLineToken) }
    }

    /// The token: the file's first, then `DIKATA_FACILITATOR_TOKEN` from `environment`.
    func token(environment: [String: String]) throws -> String {
        let fromFile = (try? String(contentsOfFile: tokenFile, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let token = fromFile.flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["DIKATA_FACILITATOR_TOKEN"],
            !token.isEmpty
        else {
            throw CommandFailure(
                .usage,
                "Cannot read the control token from \(tokenFile). Pass --token-file with the file dikata-host named when it started (or set DIKATA_FACILITATOR_TOKEN)."
            )
        }
        return token
    }

    /// A client of the host at `base` with the control token.
    func client(_ base: URL, _ root: CompositionRoot) throws -> WorkshopClient {
        WorkshopClient(baseURL: base, token: try token(environment: root.environment), send: root.makeHTTP())
    }
}
