import Yams

/// Turns the text of `kata.yaml` and `catalog.yaml` into validated models. Pure: the caller
/// reads the files and passes their text and display path.
public struct ManifestDecoder: Sendable {
    public init() {}

    // MARK: - Kata

    public func kata(fromYAML text: String, file: String) throws -> KataManifest {
        var fields = try YAMLFields(try root(text, file: file), file: file, path: "")
        let format = try fields.int("format", minimum: 1)
        guard format == KataManifest.supportedFormat else {
            throw fields.error(
                "format",
                "this dikata reads format \(KataManifest.supportedFormat), the file says \(format); update dikata or the kata"
            )
        }
        let id = try fields.string("id")
        try requireSlug(id, field: "id", fields: fields)
        let title = try fields.string("title")
        let stage = try fields.int("stage", minimum: 0)
        let summary = try fields.string("summary")
        let hints = try fields.strings("hints")
        guard hints.count == 3 else {
            throw fields.error(
                "hints", "needs exactly 3 hints (a nudge, a pointer, a near-answer); found \(hints.count)")
        }
        let targets = try fields.list("targets").enumerated().map { index, node in
            try target(node, file: file, path: "targets[\(index)]")
        }
        guard !targets.isEmpty else { throw fields.error("targets", "needs at least one target") }
        let systemModules = try fields.strings("system_modules", default: KataManifest.defaultSystemModules)
        let limits = try limits(fields.value("limits"), file: file)
        let checks = try fields.list("checks").enumerated().map { index, node in
            try check(node, file: file, path: "checks[\(index)]")
        }
        let keyChecks = try fields.strings("key_checks", default: [])
        let allowedAPIs = try fields.strings("allowed_apis", default: [])
        let solutionRemoves = try fields.strings("solution_removes", default: [])
        try fields.finish()
        try requirePackagePaths(solutionRemoves, field: "solution_removes", fields: fields)
        try validate(targets: targets, checks: checks, file: file)
        for (index, id) in keyChecks.enumerated() where !checks.contains(where: { $0.id == id }) {
            throw ManifestError(
                file: file, field: "key_checks[\(index)]", problem: "\"\(id)\" is not the id of a check in this kata")
        }
        var manifest = KataManifest(
            format: format, id: id, title: title, stage: stage, summary: summary, hints: hints,
            targets: targets, systemModules: systemModules, limits: limits, checks: checks, keyChecks: keyChecks)
        manifest.allowedAPIs = allowedAPIs
        manifest.solutionRemoves = solutionRemoves
        return manifest
    }

    private func target(_ node: Node, file: String, path: String) throws -> TargetRule {
        var fields = try YAMLFields(node, file: file, path: path)
        let rule = TargetRule(
            name: try fields.string("name"),
            editable: try fields.bool("editable", default: true),
            requiredDependencies: try fields.strings("required_dependencies", default: []),
            forbiddenDependencies: try fields.strings("forbidden_dependencies", default: []),
            shared: try fields.bool("shared", default: false))
        try fields.finish()
        if rule.shared && rule.editable {
            throw fields.error(
                "shared", "a shared target comes from the library and is read-only: add `editable: false`")
        }
        return rule
    }

    private func limits(_ node: Node?, file: String) throws -> Limits {
        guard let node else { return .standard }
        var fields = try YAMLFields(node, file: file, path: "limits")
        let standard = Limits.standard
        let limits = Limits(
            buildSeconds: try fields.int("build_seconds", default: standard.buildSeconds, minimum: 1),
            testSeconds: try fields.int("test_seconds", default: standard.testSeconds, minimum: 1),
            perTestSeconds: try fields.int("per_test_seconds", default: standard.perTestSeconds, minimum: 1),
            memoryMegabytes: try fields.int("memory_mb", default: standard.memoryMegabytes, minimum: 256),
            outputKilobytes: try fields.int("output_kb", default: standard.outputKilobytes, minimum: 1))
        try fields.finish()
        return limits
    }

    private func check(_ node: Node, file: String, path: String) throws -> CheckSpec {
        var fields = try YAMLFields(node, file: file, path: path)
        let id = try fields.string("id")
        try requireSlug(id, field: "id", fields: fields)
        let title = try fields.string("title")
        let points = try fields.int("points", minimum: 0)
        let advice = try fields.string("advice")
        let timeoutAdvice = try fields.optionalString("timeout_advice")
        let lesson = try fields.optionalString("lesson")
        let kindName = try fields.string("kind")
        let visibilityName = try fields.optionalString("visibility") ?? CheckVisibility.visible.rawValue
        guard let visibility = CheckVisibility(rawValue: visibilityName) else {
            throw fields.error(
                "visibility",
                "unknown visibility \"\(visibilityName)\"; use one of \(CheckVisibility.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        guard let decoder = CheckKind.fieldDecoder(named: kindName) else {
            throw fields.error(
                "kind", "unknown check kind \"\(kindName)\"; use one of \(CheckKind.allNames.joined(separator: ", "))")
        }
        let kind = try decoder.decode(&fields, id)
        try fields.finish()
        if let probe = kind.probe { try requireRelative(probe, field: "probe", fields: fields) }
        return CheckSpec(
            id: id, title: title, points: points, kind: kind, advice: advice, timeoutAdvice: timeoutAdvice,
            lesson: lesson, visibility: visibility)
    }

    private func validate(targets: [TargetRule], checks: [CheckSpec], file: String) throws {
        let names = targets.map(\.name)
        for (index, name) in names.enumerated() where names.firstIndex(of: name) != index {
            throw ManifestError(
                file: file, field: "targets[\(index)].name", problem: "target \"\(name)\" is declared twice")
        }
        for (index, rule) in targets.enumerated() {
            for dependency in rule.requiredDependencies + rule.forbiddenDependencies where !names.contains(dependency) {
                throw ManifestError(
                    file: file, field: "targets[\(index)]",
                    problem:
                        "the rule names \"\(dependency)\", which is not one of the declared targets (\(names.joined(separator: ", ")))"
                )
            }
        }
        var seen: Set<String> = []
        for (index, check) in checks.enumerated() {
            guard seen.insert(check.id).inserted else {
                throw ManifestError(
                    file: file, field: "checks[\(index)].id", problem: "check id \"\(check.id)\" is used twice")
            }
            if let (key, list) = check.kind.namedTargets, let name = list.first(where: { !names.contains($0) }) {
                throw ManifestError(
                    file: file, field: "checks[\(index)].\(key)",
                    problem: "\"\(name)\" is not one of the declared targets (\(names.joined(separator: ", ")))")
            }
        }
        if checks.isEmpty {
            throw ManifestError(file: file, field: "checks", problem: "a kata needs at least one check")
        }
    }

    // MARK: - Catalog

    public func catalog(fromYAML text: String, file: String) throws -> Catalog {
        var fields = try YAMLFields(try root(text, file: file), file: file, path: "")
        let format = try fields.int("format", minimum: 1)
        guard format == KataManifest.supportedFormat else {
            throw fields.error(
                "format", "this dikata reads format \(KataManifest.supportedFormat), the file says \(format)")
        }
        let title = try fields.string("title")
        let tracks = try fields.list("tracks").enumerated().map { index, node in
            var track = try YAMLFields(node, file: file, path: "tracks[\(index)]")
            let value = Catalog.Track(
                id: try track.string("id"), title: try track.string("title"), katas: try track.strings("katas"))
            try track.finish()
            return value
        }
        try fields.finish()
        let all = tracks.flatMap(\.katas)
        for (index, id) in all.enumerated() where all.firstIndex(of: id) != index {
            throw ManifestError(file: file, field: "tracks", problem: "kata \"\(id)\" is listed twice")
        }
        return Catalog(format: format, title: title, tracks: tracks)
    }

    // MARK: - Helpers

    /// The document's root node. Scalars are read as text and converted by ``YAMLFields``, so
    /// no implicit tags are resolved (`Resolver.basic`): Yams' default resolver builds seven
    /// regular expressions in every process and matches each scalar against them, 2 ms of
    /// every `dikata grade` for tags nothing reads.
    static func compose(_ text: String) throws -> Node? {
        try Yams.compose(yaml: text, .basic)
    }

    private func root(_ text: String, file: String) throws -> Node {
        do {
            guard let node = try Self.compose(text) else {
                throw ManifestError(file: file, problem: "the file is empty")
            }
            return node
        } catch let error as ManifestError {
            throw error
        } catch let error as YamlError {
            throw ManifestError(
                file: file, problem: "is not valid YAML: \(Self.summary(of: error))", line: Self.line(of: error))
        } catch {
            throw ManifestError(file: file, problem: "could not be read as YAML: \(error)")
        }
    }

    private func requireSlug(_ value: String, field: String, fields: YAMLFields) throws {
        let allowed = value.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
        guard allowed, !value.isEmpty, value.first != "-" else {
            throw fields.error(field, "\"\(value)\" must be lowercase letters, digits and `-` (e.g. `01-singleton`)")
        }
    }

    private func requireRelative(_ path: String, field: String, fields: YAMLFields) throws {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
            throw fields.error(field, "\"\(path)\" must be a path inside the kata's `hidden/` folder")
        }
    }

    /// Package paths (`remove:`, `solution_removes:`) must stay inside the package.
    func requirePackagePaths(_ paths: [String], field: String, fields: YAMLFields) throws {
        for (index, path) in paths.enumerated()
        where path.isEmpty || path.hasPrefix("/") || path.split(separator: "/").contains("..") {
            throw fields.error(field, "entry \(index) \"\(path)\" must be a path inside the package")
        }
    }

    static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        case .duplicatedKeysInMapping(_, let context):
            return context.mark.line
        default:
            return nil
        }
    }

    static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        case .duplicatedKeysInMapping(let duplicates, _):
            return "duplicated keys \(duplicates.joined(separator: ", "))"
        default:
            return "\(error)"
        }
    }
}
