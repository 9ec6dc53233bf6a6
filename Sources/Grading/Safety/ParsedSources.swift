import DIKataCore
import Foundation

/// What one parse of a learner file yields, for every check that reads source: the uses the
/// code-safety policy judges, the code view lints match, the lines of its imports, and its
/// imports when the parser alone decides them (``PlainImports``).
struct ParsedSource {
    var uses: [SourceUse]
    var code: String
    var importLines: [String: Int]
    var plainImports: [String]?
}

/// Parses each learner file once per content (swift-syntax), keeping what each check needs
/// in its own file in the build folder, so a grade after an edit parses only the edited file
/// and a lint reads plain text, not JSON.
struct ParsedSources {
    private let code: BuildCache<String>
    private let uses: BuildCache<[SourceUse]>
    private let imports: BuildCache<[String: Int]>
    private let plainImports: BuildCache<PlainImportList>

    /// `PlainImports`' answer as the cache stores it (nil: the compiler must decide).
    private struct PlainImportList: Codable {
        var modules: [String]?
    }

    init(folder: BuildFolder) {
        let sources = folder.root.appendingPathComponent("sources", isDirectory: true)
        code = .text(sources, suffix: ".code.swift")
        uses = .json(sources, suffix: ".uses.json")
        imports = .json(sources, suffix: ".imports.json")
        plainImports = .json(sources, suffix: ".plain-imports.json")
    }

    func code(_ path: String, text: String) -> String {
        code[key(path, text)] ?? parse(path, text: text).code
    }

    func uses(_ path: String, text: String) -> [SourceUse] {
        uses[key(path, text)] ?? parse(path, text: text).uses
    }

    func importLines(_ path: String, text: String) -> [String: Int] {
        imports[key(path, text)] ?? parse(path, text: text).importLines
    }

    func plainImports(_ path: String, text: String) -> [String]? {
        if let known = plainImports[key(path, text)] { return known.modules }
        return parse(path, text: text).plainImports
    }

    private func key(_ path: String, _ text: String) -> String {
        var stamp = BuildStamp("parsed-v2")
        stamp.add(path)
        stamp.add(text)
        return stamp.key
    }

    /// One parse; every view is written, the code view last (it is what says "parsed").
    private func parse(_ path: String, text: String) -> ParsedSource {
        let parsed = SourceScanner.parse(text, file: path)
        let key = key(path, text)
        uses.store(parsed.uses, as: key)
        imports.store(parsed.importLines, as: key)
        plainImports.store(PlainImportList(modules: parsed.plainImports), as: key)
        code.store(parsed.code, as: key)
        return parsed
    }
}
