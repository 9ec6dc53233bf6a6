import ArgumentParser
import DIKataCore
import Foundation
import Workshop

struct RoomRotateCode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-code", abstract: "Replace the join code: the old one stops working; members stay.")
    @OptionGroup var room: RoomOptions

    func run() async throws {
        try await room.perform { client throws(WorkshopError) in
            "New join code: \(try await client.rotate(.joinCode)) (the old one no longer works)."
        }
    }
}

struct RoomRotateTokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-tokens",
        abstract: "Replace the projector link and the control token: the old ones stop working at once.",
        discussion: """
            The new control token is never printed: dikata-host writes it to its token file, and \
            when --token-file names a copy elsewhere, the copy is rewritten too (0600).
            """)
    @OptionGroup var room: RoomOptions

    func run() async throws {
        let root = CompositionRoot.live()
        try await root.reportingFailures {
            let client = try room.client(root)
            let (projector, facilitator) = try await root.workshop { () async throws(WorkshopError) in
                (try await client.rotate(.projector), try await client.rotate(.facilitator))
            }
            let current = (try? String(contentsOfFile: room.control.tokenFile, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if current != facilitator {
                try Self.writePrivately(facilitator + "\n", to: room.control.tokenFile)
            }
            let base =
                client.baseURL.absoluteString.hasSuffix("/")
                ? client.baseURL.absoluteString : client.baseURL.absoluteString + "/"
            root.write(
                """
                New projector link (the old one no longer works):
                  \(base)#view=\(projector)
                New control token: in \(room.control.tokenFile) (the old one no longer works).

                """)
            return .success
        }
    }

    /// Writes `text` to `path` readable by its owner alone (created 0600), replacing the file atomically.
    static func writePrivately(_ text: String, to path: String) throws {
        do { try PrivateFile.replace(atPath: path, contents: text) } catch {
            throw CommandFailure(.usage, "The new control token could not be saved to \(path) (\(error)).")
        }
    }
}
