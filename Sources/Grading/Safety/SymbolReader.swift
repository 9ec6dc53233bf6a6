import DIKataCore
import Foundation

/// Reads the symbol tables and section names of compiled learner objects with the
/// toolchain's `llvm-objdump`, and demangles Swift names with `swift-demangle`. Results are
/// cached by object content, so a grade reads only the objects that changed.
struct SymbolReader {
    var compiler: SwiftCompiler
    /// How many objects are read at once.
    var parallelism: Int
    /// Object stamp → what it holds, in the kata's build folder.
    var objectCache: BuildCache<ObjectContents>
    /// Symbol name → demangled text, one table shared by every grade (names repeat across
    /// edits and katas).
    var demangledCache: BuildCache<[String: String]>

    static let demangledKey = "demangled"

    /// Per-object results in the kata's build folder, demangled names in `sharedCache`.
    init(compiler: SwiftCompiler, parallelism: Int, folder: BuildFolder, sharedCache: URL) {
        self.compiler = compiler
        self.parallelism = parallelism
        objectCache = .json(folder.root.appendingPathComponent("symbols", isDirectory: true))
        demangledCache = .json(sharedCache)
    }

    /// The key of what `object` holds now: its name and contents.
    static func key(of object: URL) -> String {
        var stamp = BuildStamp("symbols-v2")
        stamp.add(file: object)
        return stamp.key
    }

    /// Contents for each object, keyed by the object's path.
    func read(_ objects: [URL]) async -> Result<[URL: ObjectContents], ToolFailure> {
        await read(keyed: objects.map { ($0, Self.key(of: $0)) })
    }

    /// As `read(_:)`, for objects whose ``key(of:)`` is already known.
    func read(keyed objects: [(URL, String)]) async -> Result<[URL: ObjectContents], ToolFailure> {
        var contents: [URL: ObjectContents] = [:]
        var pending: [(URL, String)] = []  // object, cache key
        for (object, key) in objects {
            if let value = objectCache[key] {
                contents[object] = value
            } else {
                pending.append((object, key))
            }
        }
        guard !pending.isEmpty else { return .success(contents) }
        // One objdump per object, and never trust a cut-off listing: a missing or truncated
        // table must refuse to run the code, not pass it (fail closed).
        let compiler = self.compiler
        let dumps = await concurrentMap(pending.map(\.0), limit: parallelism) { object in
            (object, await compiler.objdump([object.path]))
        }
        var parsed: [String: ObjectContents] = [:]
        for (object, dump) in dumps {
            guard dump.termination.succeeded, dump.stdout.droppedBytes == 0,
                let contents = Self.parse(dump.stdout.text)[object.path], !contents.symbols.isEmpty
            else {
                let detail =
                    dump.stdout.droppedBytes > 0
                    ? "its symbol table is too large to read" : CompilerOutput.firstLines(dump.combinedOutput, 3)
                return .failure(ToolFailure(tool: "llvm-objdump", output: "\(object.lastPathComponent): \(detail)"))
            }
            parsed[object.path] = contents
        }
        let swiftNames = Set(
            parsed.values.flatMap { $0.symbols.filter { $0.isSwift && (!$0.isDefined || $0.isExported) }.map(\.name) }
        )
        .sorted()
        var demangled = demangledCache[Self.demangledKey] ?? [:]
        let unknown = swiftNames.filter { demangled[$0] == nil }
        if !unknown.isEmpty {
            let result = await compiler.demangle(unknown)
            let lines = result.stdout.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard result.termination.succeeded, lines.count >= unknown.count else {
                return .failure(
                    ToolFailure(tool: "swift-demangle", output: CompilerOutput.firstLines(result.combinedOutput, 3)))
            }
            for (name, text) in zip(unknown, lines) { demangled[name] = text }
            if demangled.count > 200_000 { demangled = Dictionary(uniqueKeysWithValues: zip(unknown, lines)) }
            demangledCache.store(demangled, as: Self.demangledKey)
        }
        for (object, key) in pending {
            guard var value = parsed[object.path] else {
                return .failure(ToolFailure(tool: "llvm-objdump", output: "\(object.lastPathComponent) was not read"))
            }
            for index in value.symbols.indices where value.symbols[index].isSwift {
                value.symbols[index].demangled = demangled[value.symbols[index].name]
            }
            parsed[object.path] = value
            contents[object] = value
            objectCache.store(value, as: key)
        }
        return .success(contents)
    }

    struct ToolFailure: Error {
        var tool: String
        var output: String
    }

    /// Parses `llvm-objdump -h -t` output for one or more objects, keyed by object path.
    ///
    /// Symbol lines look like `VALUE FLAGS SECTION\tSIZE [.hidden] NAME`, undefined ones have
    /// the section `*UND*`; flags are columns: `l`/`g` (local/global), `w` (weak), …
    static func parse(_ text: String) -> [String: ObjectContents] {
        ObjdumpListing.contents(of: text)
    }
}
