import DIKataCore
import Foundation

/// What one parse of a learner file yields, for every check that reads source: the uses the
/// code-safety policy judges, the code view lints match, and the lines of its imports.
struct ParsedSource {
    var uses: [SourceUse]
    var code: String
    var importLines: [String: Int]
}

/// Parses each learner file once per content (swift-syntax), keeping what each check needs
/// in its own file in the build folder, so a grade after an edit parses only the edited file
/// and a lint reads plain text, not JSON.
struct ParsedSources {
    var folder: BuildFolder

    func code(_ path: String, text: String) -> String {
        if let cached = folder.read(file(path, text: text, "code.swift")) { return cached }
        return parse(path, text: text).code
    }

    func uses(_ path: String, text: String) -> [SourceUse] {
        if let data = FileManager.default.contents(atPath: file(path, text: text, "uses.json").path),
            let cached = try? JSONDecoder().decode([SourceUse].self, from: data)
        {
            return cached
        }
        return parse(path, text: text).uses
    }

    func importLines(_ path: String, text: String) -> [String: Int] {
        if let data = FileManager.default.contents(atPath: file(path, text: text, "imports.json").path),
            let cached = try? JSONDecoder().decode([String: Int].self, from: data)
        {
            return cached
        }
        return parse(path, text: text).importLines
    }

    private func file(_ path: String, text: String, _ suffix: String) -> URL {
        folder.root.appendingPathComponent("sources/\(ContentHash.of("parsed-v1 " + path + "\n" + text)).\(suffix)")
    }

    /// One parse; all three views are written, the code view last (it is what says "parsed").
    private func parse(_ path: String, text: String) -> ParsedSource {
        let parsed = SourceScanner.parse(text, file: path)
        if let uses = try? JSONEncoder().encode(parsed.uses),
            let imports = try? JSONEncoder().encode(parsed.importLines)
        {
            try? FileManager.default.createDirectory(
                at: folder.root.appendingPathComponent("sources"), withIntermediateDirectories: true)
            try? uses.write(to: file(path, text: text, "uses.json"), options: .atomic)
            try? imports.write(to: file(path, text: text, "imports.json"), options: .atomic)
            folder.write(parsed.code, to: file(path, text: text, "code.swift"))
        }
        return parsed
    }
}
