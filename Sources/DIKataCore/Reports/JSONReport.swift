import Foundation

/// dikata's own JSON report: the `Verdict`, with snake_case keys and sorted fields so the
/// output is stable for diffing. The shape is described in `docs/verdict-schema.json`.
public struct JSONReport: Sendable {
    /// One line per report (JSON Lines), as `dikata grade --watch` prints one report per save;
    /// else indented.
    public var oneLine: Bool

    public init(oneLine: Bool = false) {
        self.oneLine = oneLine
    }

    public func render(_ verdicts: [Verdict]) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting =
            oneLine ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let payload = Payload(schemaVersion: Verdict.currentSchemaVersion, verdicts: verdicts)
        guard let data = try? encoder.encode(payload), let text = String(data: data, encoding: .utf8) else {
            return "{}"
        }
        return text + "\n"
    }

    public func decode(_ text: String) throws -> [Verdict] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Payload.self, from: Data(text.utf8)).verdicts
    }

    private struct Payload: Codable {
        var schemaVersion: Int
        var verdicts: [Verdict]
    }
}
