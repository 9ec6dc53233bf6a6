import Foundation

/// The file the facilitator's control token is kept in, readable by its owner alone (0600), so
/// the token never has to be shown on screen or passed in a command line. Rewritten when the
/// token is rotated.
public struct SecretsFile: Sendable {
    public var path: String

    public init(path: String) { self.path = path }

    /// Writes the facilitator token (one line), replacing the file atomically; the new file is
    /// 0600 before anything is written into it.
    public func write(_ secrets: HostSecrets) throws {
        let temporary = path + ".tmp"
        try? FileManager.default.removeItem(atPath: temporary)
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary])
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
        try handle.write(contentsOf: Data((secrets.facilitatorToken + "\n").utf8))
        try handle.close()
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }

    /// The token kept in the file at `path`, trimmed; nil when there is none.
    public static func token(at path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }
}
