import Foundation
import Workshop

/// The file the facilitator's control token is kept in, readable by its owner alone (0600), so
/// the token never has to be shown on screen or passed in a command line. Rewritten when the
/// token is rotated.
public struct SecretsFile: Sendable {
    public var path: String

    public init(path: String) { self.path = path }

    /// Writes the facilitator token (one line), replacing the file atomically; the new file is
    /// created 0600 (O_EXCL), so the token is never readable by anyone else, even briefly.
    public func write(_ secrets: HostSecrets) throws {
        try PrivateFile.replace(atPath: path, contents: secrets.facilitatorToken + "\n")
    }

    /// The token kept in the file at `path`, trimmed; nil when there is none.
    public static func token(at path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }
}
