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

    public struct FlushReport: Equatable, Sendable {
        public var sent: Int
        public var waiting: Int
        public var dropped: [String]

        public init(sent: Int, waiting: Int, dropped: [String]) {
            self.sent = sent
            self.waiting = waiting
            self.dropped = dropped
        }
    }

    /// Sends what is queued, oldest first. Stops at the first transient failure (the host is
    /// down); a result the host refuses for good is dropped, with its reason.
    public func flush(with client: WorkshopClient) async -> FlushReport {
        var report = FlushReport(sent: 0, waiting: 0, dropped: [])
        let queued = pending
        for (index, result) in queued.enumerated() {
            do {
                _ = try await client.submit(result)
                report.sent += 1
            } catch {
                if error.isTransient {
                    report.waiting = queued.count - index
                    return report
                }
                report.dropped.append("\(result.kata): \(error.description)")
            }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("\(result.id).json"))
        }
        return report
    }
}
