import DIKataCore
import Foundation
import Grading
import Workshop

/// Sends grades to the workshop the learner joined (queued on disk first, so nothing is lost
/// while the host is down).
struct WorkshopReporting: Sendable {
    var membership: Membership
    var queue: OfflineQueue
    var workspace: Workspace
    var now: @Sendable () -> Date
    var newID: @Sendable () -> UUID
    var http: WorkshopClient.Send

    static func make(root: CompositionRoot, workspace: Workspace, http: @autoclosure () -> WorkshopClient.Send)
        -> WorkshopReporting?
    {
        guard let membership = Membership.load(from: root.membershipFile(workspace)) else { return nil }
        return WorkshopReporting(
            membership: membership, queue: root.workshopQueue(workspace), workspace: workspace, now: root.now,
            newID: root.newID, http: http())
    }

    /// Joins a workshop and saves the membership; returns an error message, or nil.
    static func join(
        root: CompositionRoot, workspace: Workspace, http: @escaping WorkshopClient.Send, url: String, name: String,
        code: String,
        shareCode: Bool = false
    ) async -> String? {
        guard let base = WorkshopClient.hostURL(url) else { return "\(url) is not an http(s) URL." }
        do {
            let response = try await WorkshopClient(baseURL: base, send: http).join(code: code, name: name)
            try Membership(
                url: base.absoluteString, name: name, participantId: response.participantId, token: response.token,
                shareCode: shareCode
            )
            .save(to: root.membershipFile(workspace))
            return nil
        } catch let error as WorkshopError {
            return error.description
        } catch {
            return "Joined, but the membership could not be saved: \(error.localizedDescription)"
        }
    }

    /// Queues the verdict's summary (with the code only when the learner shares it) and sends
    /// what is queued. Returns a line for the learner.
    func report(_ verdict: Verdict) async -> String {
        let code = membership.shareCode ? sharedFiles(verdict.kata.id) : nil
        let submission = ResultSubmission(
            id: newID().uuidString.lowercased(), verdict: verdict, gradedAt: now(), code: code)
        do { try queue.enqueue(submission) } catch {
            return "workshop: could not queue the result (\(error.localizedDescription))"
        }
        guard let client = membership.client(send: http) else {
            return "workshop: the saved host URL is invalid; join again"
        }
        let flushed = await queue.flush(with: client)
        let refused = flushed.dropped.map { "\nworkshop: refused by the host: \($0)" }.joined()
        if flushed.waiting > 0 {
            let why = flushed.problem.map { " (\($0))" } ?? ""
            return "workshop: not sent\(why); \(flushed.waiting) result(s) kept in the queue\(refused)"
        }
        return flushed.dropped.isEmpty ? "workshop: result sent to \(membership.url)" : String(refused.dropFirst())
    }

    func room() async -> RoomState? {
        guard let client = membership.client(send: http) else { return nil }
        _ = await queue.flush(with: client)
        return try? await client.room()
    }

    /// The learner's Swift files and Package.swift, when they choose to share them.
    func sharedFiles(_ kataID: String) -> [String: String] {
        let root = workspace.packageDirectory(for: kataID)
        var files: [String: String] = [:]
        var bytes = 0
        for path in workspace.watchedFiles(for: kataID).sorted() {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            bytes += text.utf8.count
            if bytes > WorkshopWire.maximumCodeBytes { break }
            files[String(path.dropFirst(root.path.count + 1))] = text
        }
        return files
    }
}
