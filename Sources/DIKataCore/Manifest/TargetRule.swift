/// A target the learner's package must declare, with its dependency rules.
public struct TargetRule: Equatable, Sendable {
    /// The SwiftPM target name.
    public var name: String
    /// Whether the learner is expected to edit this target (read-only support targets are not).
    public var editable: Bool
    /// Targets this one must depend on directly.
    public var requiredDependencies: [String]
    /// Targets this one must not depend on (directly or through another target).
    public var forbiddenDependencies: [String]

    public init(
        name: String, editable: Bool = true, requiredDependencies: [String] = [],
        forbiddenDependencies: [String] = []
    ) {
        self.name = name
        self.editable = editable
        self.requiredDependencies = requiredDependencies
        self.forbiddenDependencies = forbiddenDependencies
    }
}
