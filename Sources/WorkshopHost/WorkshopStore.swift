import Crypto
import DIKataCore
import Foundation
import GRDB

/// The host's SQLite database (GRDB, WAL): participants, results, events and the room's
/// settings. Every change is one transaction, so `kill -9` loses nothing that was acknowledged.
public struct WorkshopStore: Sendable {
    let database: DatabasePool

    public init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        // WAL with synchronous=NORMAL: a committed transaction survives the host being killed
        // (kill -9); only a power cut may lose the last moments, which a workshop can afford.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        database = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(database)
        // The database holds the room's secrets: readable by its owner alone (and so its WAL files).
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path + suffix)
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "participant") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("token_hash", .text).notNull().unique()
                table.column("joined_at", .double).notNull()
                table.column("last_seen", .double)
            }
            try db.create(table: "result") { table in
                table.primaryKey("id", .text)
                table.column("participant_id", .text).notNull().references("participant")
                table.column("kata", .text).notNull()
                table.column("summary", .text).notNull()
                table.column("code", .text)
                table.column("graded_at", .double).notNull()
                table.column("received_at", .double).notNull()
            }
            try db.create(table: "event") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("kind", .text).notNull()
                table.column("payload", .text).notNull()
                table.column("at", .double).notNull()
            }
            try db.create(table: "setting") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
        registerVerification(in: &migrator)
        return migrator
    }

    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    // MARK: - Settings

    public func setting(_ key: String) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
    }

    /// Returns the stored value, storing `make()` first when there is none (`make` is called
    /// only then: a reopened room draws no new secret).
    public func setting(_ key: String, orStore make: () -> String) throws -> String {
        if let stored = try setting(key) { return stored }
        let fresh = make()
        return try database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO setting (key, value) VALUES (?, ?)", arguments: [key, fresh])
            return try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) ?? fresh
        }
    }

    public func setSetting(_ key: String, _ value: String, event: (kind: String, payload: String), at date: Date) throws
    {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
            try record(event, at: date, db)
        }
    }

    // MARK: - Participants

    public struct Participant: Sendable, Equatable {
        public var id: String
        public var name: String
        public var lastSeen: Date?
    }

    public func addParticipant(id: String, name: String, tokenHash: String, at date: Date) throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO participant (id, name, token_hash, joined_at, last_seen) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, name, tokenHash, date.timeIntervalSince1970, date.timeIntervalSince1970])
            try record((kind: "join", payload: name), at: date, db)
        }
    }

    public func participant(tokenHash: String) throws -> Participant? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, name, last_seen FROM participant WHERE token_hash = ?", arguments: [tokenHash]
            )
            .map(Self.participant)
        }
    }

    public func participants() throws -> [Participant] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, last_seen FROM participant ORDER BY joined_at").map(
                Self.participant)
        }
    }

    private static func participant(_ row: Row) -> Participant {
        Participant(
            id: row["id"], name: row["name"],
            lastSeen: (row["last_seen"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    // MARK: - Results

    /// Stores several results in one transaction (one commit for a burst of posts); for each,
    /// false when it was a duplicate.
    public func addResults(_ results: [(submission: ResultSubmission, participant: String)], at date: Date) throws
        -> [Bool]
    {
        let rows = try results.map { submission, participant in
            var summary = submission
            let code = summary.code
            summary.code = nil
            let summaryJSON = String(decoding: try WorkshopWire.encoder.encode(summary), as: UTF8.self)
            let codeJSON = try code.map { String(decoding: try WorkshopWire.encoder.encode($0), as: UTF8.self) }
            return (submission, participant, summaryJSON, codeJSON)
        }
        return try database.write { db in
            try rows.map { submission, participant, summaryJSON, codeJSON in
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO result (id, participant_id, kata, summary, code, graded_at, received_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        submission.id, participant, submission.kata, summaryJSON, codeJSON,
                        submission.gradedAt.timeIntervalSince1970, date.timeIntervalSince1970,
                    ])
                guard db.changesCount > 0 else { return false }
                if codeJSON != nil {
                    // Only the latest shared code of each kata is kept: a participant who shares
                    // on every grade does not fill the disk.
                    try db.execute(
                        sql: "UPDATE result SET code = NULL WHERE participant_id = ? AND kata = ? AND id != ?",
                        arguments: [participant, submission.kata, submission.id])
                }
                try db.execute(
                    sql: "UPDATE participant SET last_seen = ? WHERE id = ?",
                    arguments: [date.timeIntervalSince1970, participant])
                try record((kind: "result", payload: submission.id), at: date, db)
                return true
            }
        }
    }

    public func attempts() throws -> [Dashboard.Attempt] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT participant_id, summary FROM result ORDER BY graded_at").compactMap {
                row in
                let text: String = row["summary"]
                guard let submission = try? WorkshopWire.decoder.decode(ResultSubmission.self, from: Data(text.utf8))
                else { return nil }
                return Dashboard.Attempt(participant: row["participant_id"], submission: submission)
            }
        }
    }

    /// The shared code of a result: (owner, code or nil when not shared); nil when there is no such result.
    public func code(ofResult id: String) throws -> (owner: String, code: [String: String]?)? {
        try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT participant_id, code FROM result WHERE id = ?", arguments: [id])
            else {
                return nil
            }
            let text: String? = row["code"]
            let code = text.flatMap { try? WorkshopWire.decoder.decode([String: String].self, from: Data($0.utf8)) }
            return (row["participant_id"], code)
        }
    }

    private func record(_ event: (kind: String, payload: String), at date: Date, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO event (kind, payload, at) VALUES (?, ?, ?)",
            arguments: [event.kind, event.payload, date.timeIntervalSince1970])
    }
}
