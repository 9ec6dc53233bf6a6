import DIKataCore
import Foundation
import GRDB

/// Room control in the store: renaming and removing participants, and what each has stored.
extension WorkshopStore {
    public func rename(participant id: String, to name: String, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE participant SET name = ? WHERE id = ?", arguments: [name, id])
            try db.execute(
                sql: "INSERT INTO event (kind, payload, at) VALUES ('rename', ?, ?)",
                arguments: [id + " " + name, date.timeIntervalSince1970])
        }
    }

    /// Removes a participant, their token and their results (a kicked participant).
    public func remove(participant id: String, at date: Date) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM result WHERE participant_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM participant WHERE id = ?", arguments: [id])
            try db.execute(
                sql: "INSERT INTO event (kind, payload, at) VALUES ('kick', ?, ?)",
                arguments: [id, date.timeIntervalSince1970])
        }
    }

    /// Bytes each participant's result summaries take, by participant id (shared code is bounded
    /// apart: only the latest of each kata is kept).
    public func storedBytes() throws -> [String: Int] {
        try database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT participant_id, SUM(LENGTH(summary)) AS bytes
                    FROM result GROUP BY participant_id
                    """)
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["participant_id"], $0["bytes"] as Int? ?? 0) })
        }
    }
}
