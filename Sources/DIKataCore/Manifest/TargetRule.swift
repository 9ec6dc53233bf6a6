/// A target the learner's package must declare, with its dependency rules.
public struct TargetRule: Equatable, Sendable {
    /// The SwiftPM target name.
    public var name: String
    /// Whether the learner is expected to edit this target (read-only support targets are not).
    public var editable: Bool
    /// Whether the target's files come from the library's shared folder (`<library>/<name>/`)
    /// instead of the starter's `Sources/<name>/`; only a read-only target can be shared.
    public var shared: Bool
    /// Targets this one must depend on directly.
    public var requiredDependencies: [String]
    /// Targets this one must not depend on (directly or through another target).
    public var forbiddenDependencies: [String]

    public init(
        name: String, editable: Bool = true, requiredDependencies: [String] = [],
        forbiddenDependencies: [String] = [], shared: Bool = false
    ) {
        self.name = name
        self.editable = editable
        self.shared = shared
        self.requiredDependencies = requiredDependencies
        self.forbiddenDependencies = forbiddenDependencies
    }
}
