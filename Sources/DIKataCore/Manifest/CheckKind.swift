/// What a check inspects, with the data that kind of check needs. A new kind is a case here,
/// a row of `fieldDecoders` (its fields in kata.yaml) and an evaluator in Grading/Checks.
public enum CheckKind: Equatable, Sendable {
    /// A hidden Swift file that must compile against the learner's modules (an API the kata requires).
    case contract(probe: String)
    /// A contract probe type-checked on its own, with only the modules it imports: an API that
    /// must exist in those modules alone (`isolated: true`), not in a feature's extension.
    case isolatedContract(probe: String)
    /// A hidden Swift file that must *fail* to compile; `expect` is a substring the diagnostic must contain.
    case negative(probe: String, expect: String?)
    /// A hidden Swift Testing test, named by its function name (without parentheses).
    case behaviour(test: String)
    /// The learner's `Package.swift` keeps the dependency rules of one target.
    case manifest(target: String)
    /// Every `import` in the listed targets (all editable targets when empty) names a declared dependency.
    case imports(targets: [String])
    /// A regular expression that must not (or, with `mustMatch`, must) occur in the learner's sources.
    case lint(pattern: String, paths: [String], mustMatch: Bool)
    /// A lint with a count (`max_matches` in kata.yaml): at most `maxMatches` lines of the
    /// learner's sources may match, e.g. one place that writes log lines.
    case lintCount(pattern: String, paths: [String], maxMatches: Int)
    /// A design property of everything the listed targets declare, read from the compiler's
    /// symbol graphs and object files, whatever the declarations are called.
    case surface(rule: SurfaceRule, targets: [String])
    /// The package compiled a second time with `defines` (`-D NAME` on every learner target,
    /// as `.define` would), and hidden `tests` run against that build: a second composition
    /// chosen at compile time (`#if RELEASE`) is graded, not only the default one.
    case buildVariant(defines: [String], tests: [String])

    /// The name used in manifests and reports.
    public var name: String {
        switch self {
        case .contract, .isolatedContract: "contract"
        case .negative: "negative"
        case .behaviour: "behaviour"
        case .manifest: "manifest"
        case .imports: "imports"
        case .lint, .lintCount: "lint"
        case .surface: "surface"
        case .buildVariant: "build-variant"
        }
    }

    /// Every kind's manifest name, for error messages.
    public static var allNames: [String] { fieldDecoders.map(\.names[0]) }

    /// The hidden file the check reads (relative to the kata's `hidden/`), for kinds that read one.
    public var probe: String? {
        switch self {
        case .contract(let probe), .isolatedContract(let probe), .negative(let probe, _): probe
        default: nil
        }
    }

    /// The kata targets the check names, and the field of kata.yaml that names them.
    var namedTargets: (field: String, names: [String])? {
        switch self {
        case .manifest(let target): ("target", [target])
        case .imports(let targets): ("targets", targets)
        case .surface(_, let targets): ("targets", targets)
        default: nil
        }
    }
}
