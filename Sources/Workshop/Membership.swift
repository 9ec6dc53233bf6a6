import DIKataCore
import Foundation

/// Having joined a workshop: where the host is and who we are there. Kept in the workspace's
/// `.dikata/workshop.json` (written atomically), read by `grade` and the tutorial.
public struct Membership: Codable, Equatable, Sendable {
    public var url: String
    public var name: String
    public var participantId: String
    public var token: String
    /// Whether graded code is sent with results (off unless the participant chooses it).
    public var shareCode: Bool

    public init(url: String, name: String, participantId: String, token: String, shareCode: Bool) {
        self.url = url
        self.name = name
        self.participantId = participantId
        self.token = token
        self.shareCode = shareCode
    }

    /// A client for the host, sending through `send`; nil when the saved URL is not an
    /// http(s) URL with a host (a hand-edited or damaged membership file).
    public func client(send: @escaping WorkshopClient.Send) -> WorkshopClient? {
        WorkshopClient.hostURL(url).map { WorkshopClient(baseURL: $0, token: token, send: send) }
    }

    public static func load(from file: URL) -> Membership? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return try? WorkshopWire.decoder.decode(Membership.self, from: data)
    }

    public func save(to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try WorkshopWire.encoder.encode(self).write(to: file, options: .atomic)
    }
}

/// Results waiting to reach the host: one JSON file per result, named by its id, so a result
/// is never lost while the host is down and never counted twice (the host ignores repeated ids).
public struct OfflineQueue: Sendable {
    public var folder: URL

    public init(folder: URL) { self.folder = folder }

    public func enqueue(_ result: ResultSubmission) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try WorkshopWire.encoder.encode(result).write(
            to: folder.appendingPathComponent("\(result.id).json"), options: .atomic)
    }

    public var pending: [ResultSubmission] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
                .flatMap { try? WorkshopWire.decoder.decode(ResultSubmission.self, from: $0) }
        }.sorted { $0.gradedAt < $1.gradedAt }
    }

    /// Results the host refused for good, moved aside (never deleted) so the learner can see them.
    public var refusedFolder: URL { folder.appendingPathComponent("refused") }

    public struct FlushReport: Equatable, Sendable {
        public var sent: Int
        /// Results still queued, to be sent later.
        public var waiting: Int
        /// Results the host refused for good, each with its kata and the host's reason; kept in
        /// `refusedFolder`.
        public var dropped: [String]
        /// Why the waiting results were not sent (nil when none wait).
        public var problem: String?

        public init(sent: Int, waiting: Int, dropped: [String], problem: String? = nil) {
            self.sent = sent
            self.waiting = waiting
            self.dropped = dropped
            self.problem = problem
        }
    }

    /// Sends what is queued, oldest first. Nothing is ever dropped silently: while the host is
    /// down, busy, or no longer knows the learner's token (401/403: join again), every result
    /// stays queued and `problem` says why; a result the host refuses for good (a bad request)
    /// is moved to `refusedFolder` and reported with the host's reason.
    public func flush(with client: WorkshopClient) async -> FlushReport {
        var report = FlushReport(sent: 0, waiting: 0, dropped: [])
        let queued = pending
        for (index, result) in queued.enumerated() {
            let file = folder.appendingPathComponent("\(result.id).json")
            do {
                _ = try await client.submit(result)
                report.sent += 1
                try? FileManager.default.removeItem(at: file)
            } catch {
                if error.isTransient || error.needsMembership {
                    report.waiting = queued.count - index
                    report.problem =
                        error.needsMembership
                        ? "\(error.description) Join the workshop again to send them." : error.description
                    return report
                }
                report.dropped.append("\(result.kata): \(error.description) (kept in \(refusedFolder.path))")
                try? FileManager.default.createDirectory(at: refusedFolder, withIntermediateDirectories: true)
                let aside = refusedFolder.appendingPathComponent(file.lastPathComponent)
                try? FileManager.default.removeItem(at: aside)
                try? FileManager.default.moveItem(at: file, to: aside)
            }
        }
        return report
    }
}
