/// How each kind of check reads its own fields of a check in kata.yaml, keyed by the kind's
/// names there. A new kind adds its case to `CheckKind`, a row here and an evaluator in
/// Grading/Checks.
extension CheckKind {
    /// Reads one kind's fields; `id` is the check's id (probes default to a path named after it).
    struct FieldDecoder: Sendable {
        /// The kind's name in kata.yaml, then any accepted spellings.
        var names: [String]
        var decode: @Sendable (_ fields: inout YAMLFields, _ id: String) throws -> CheckKind
    }

    /// Every kind, in the order error messages list them.
    static let fieldDecoders: [FieldDecoder] = [
        FieldDecoder(names: ["contract"]) { fields, id in
            let probe = try fields.optionalString("probe") ?? "contract/\(id).swift"
            return try fields.bool("isolated", default: false)
                ? .isolatedContract(probe: probe) : .contract(probe: probe)
        },
        FieldDecoder(names: ["negative"]) { fields, id in
            .negative(
                probe: try fields.optionalString("probe") ?? "negative/\(id).swift",
                expect: try fields.optionalString("expect"))
        },
        FieldDecoder(names: ["behaviour", "behavior"]) { fields, _ in .behaviour(test: try fields.string("test")) },
        FieldDecoder(names: ["manifest"]) { fields, _ in .manifest(target: try fields.string("target")) },
        FieldDecoder(names: ["imports"]) { fields, _ in .imports(targets: try fields.strings("targets", default: [])) },
        FieldDecoder(names: ["lint"]) { fields, _ in
            let pattern = try fields.string("pattern")
            do { _ = try Regex(pattern) } catch {
                throw fields.error("pattern", "is not a valid regular expression: \(error)")
            }
            let paths = try fields.strings("paths", default: [])
            let mustMatch = try fields.bool("must_match", default: false)
            // No default: -1 only tells "absent" apart, it is never a count.
            let maxMatches = try fields.int("max_matches", default: -1, minimum: 1)
            guard maxMatches >= 0 else { return .lint(pattern: pattern, paths: paths, mustMatch: mustMatch) }
            guard !mustMatch else { throw fields.error("max_matches", "cannot be combined with must_match: true") }
            return .lintCount(pattern: pattern, paths: paths, maxMatches: maxMatches)
        },
        FieldDecoder(names: ["surface"]) { fields, _ in
            let rule = try SurfaceRule(fields: &fields)
            let targets = try fields.strings("targets")
            guard !targets.isEmpty else { throw fields.error("targets", "name at least one target") }
            return .surface(rule: rule, targets: targets)
        },
        FieldDecoder(names: ["build-variant"]) { fields, _ in
            let defines = try fields.strings("defines")
            guard !defines.isEmpty else { throw fields.error("defines", "name at least one condition to define") }
            for name in defines where name.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) == nil {
                throw fields.error("defines", "\"\(name)\" is not a compilation condition (letters, digits and _)")
            }
            let tests = try fields.strings("tests")
            guard !tests.isEmpty else { throw fields.error("tests", "name at least one hidden test") }
            return .buildVariant(defines: defines, tests: tests)
        },
    ]

    /// The decoder of the kind called `name` in kata.yaml.
    static func fieldDecoder(named name: String) -> FieldDecoder? {
        fieldDecoders.first { $0.names.contains(name) }
    }
}
