/// The hidden checks split into modules by the learner modules they need, so that each can be
/// compiled as soon as those are built (the checks of Login need not wait for App), and an
/// interface change rebuilds only the checks that see it.
///
/// Files that need the same learner modules form one group; the support files are compiled into
/// every group (each group is its own module, so their internal names never clash). A file whose
/// imports the parser cannot decide alone (an `import` in `#if`) needs every learner module.
struct HiddenGroups: Equatable, Sendable {
    struct Group: Equatable, Sendable {
        /// The module's name: `HiddenChecks1`, `HiddenChecks2`, … (the prefix is reserved).
        var name: String
        /// Test files and contract probes, in the order they were given.
        var files: [String]
        /// The learner modules it needs built, in build order.
        var needs: [String]
    }

    var groups: [Group]
    /// The plain tests of every test file, when the groups compile them without `@Test`
    /// (``TestEntries``); nil when each group compiles its test files as they are.
    var entries: [String: TestEntries.File]? = nil

    /// One hidden file and the modules it imports (nil: undecided, so it needs every module).
    struct File: Sendable {
        var path: String
        var imports: [String]?
    }

    /// Groups `files` by what they need. `support` are the imports of the support files (every
    /// group needs them too); `needs` maps imports to the learner modules a compile of them
    /// needs built; `everything` is every learner module, for undecided imports.
    init(
        files: [File], supportImports: [String]?, everything: [String], needs: ([String]) -> [String]
    ) {
        let shared = supportImports ?? everything
        var keys: [[String]] = []
        var members: [[String]: [String]] = [:]
        for file in files {
            let key = needs((file.imports ?? everything) + shared)
            if members[key] == nil { keys.append(key) }
            members[key, default: []].append(file.path)
        }
        groups = keys.enumerated().map { offset, key in
            Group(name: "\(SwiftCompiler.hiddenModuleName)\(offset + 1)", files: members[key] ?? [], needs: key)
        }
    }

    /// The group a file is compiled in.
    func group(of path: String) -> Group? { groups.first { $0.files.contains(path) } }
}
