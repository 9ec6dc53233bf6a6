import DIKataCore
import Foundation
import GRDB

/// The host's regrades (`serve --verify`), kept next to the results they regraded: a restart
/// keeps every verified or mismatched mark, and removing a participant's results removes them.
extension WorkshopStore {
    static func registerVerification(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v2-verification") { db in
            try db.create(table: "verification") { table in
                table.primaryKey("result_id", .text).references("result", onDelete: .cascade)
                table.column("participant_id", .text).notNull()
                table.column("kata", .text).notNull()
                table.column("graded_at", .double).notNull()
                table.column("body", .text).notNull()
            }
        }
    }

    /// A stored regrade, with what the dashboard needs to place it.
    public struct StoredVerification: Sendable, Equatable {
        public var participant: String
        public var kata: String
        public var gradedAt: Date
        public var verification: Verification
    }

    /// Stores a regrade; false when its result is gone (its participant was removed meanwhile).
    public func addVerification(_ stored: StoredVerification) throws -> Bool {
        let body = String(decoding: try WorkshopWire.encoder.encode(stored.verification), as: UTF8.self)
        return try database.write { db in
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM result WHERE id = ?", arguments: [stored.verification.resultId]) != nil
            else { return false }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO verification (result_id, participant_id, kata, graded_at, body)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    stored.verification.resultId, stored.participant, stored.kata,
                    stored.gradedAt.timeIntervalSince1970, body,
                ])
            try db.execute(
                sql: "INSERT INTO event (kind, payload, at) VALUES ('verify', ?, ?)",
                arguments: [
                    stored.verification.resultId + " " + stored.verification.status.rawValue,
                    stored.verification.verifiedAt.timeIntervalSince1970,
                ])
            return true
        }
    }

    /// Shared results the host has not regraded yet (a host stopped before their grade, or one
    /// that ran without `--verify`), oldest first, each with its code.
    public func unverifiedShares() throws -> [Dashboard.Attempt] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT participant_id, summary, code FROM result
                    WHERE code IS NOT NULL AND id NOT IN (SELECT result_id FROM verification)
                    ORDER BY graded_at
                    """
            ).compactMap { row in
                let summary: String = row["summary"]
                let code: String = row["code"]
                guard var submission = try? WorkshopWire.decoder.decode(ResultSubmission.self, from: Data(summary.utf8))
                else { return nil }
                submission.code = try? WorkshopWire.decoder.decode([String: String].self, from: Data(code.utf8))
                return Dashboard.Attempt(participant: row["participant_id"], submission: submission)
            }
        }
    }

    /// Every stored regrade, oldest attempt first.
    public func verifications() throws -> [StoredVerification] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT participant_id, kata, graded_at, body FROM verification ORDER BY graded_at"
            ).compactMap { row in
                let text: String = row["body"]
                guard let verification = try? WorkshopWire.decoder.decode(Verification.self, from: Data(text.utf8))
                else { return nil }
                return StoredVerification(
                    participant: row["participant_id"], kata: row["kata"],
                    gradedAt: Date(timeIntervalSince1970: row["graded_at"]), verification: verification)
            }
        }
    }
}
