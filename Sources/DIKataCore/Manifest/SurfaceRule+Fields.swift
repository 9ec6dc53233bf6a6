extension SurfaceRule {
    /// Reads the `rule` of a `surface` check and the fields that rule takes.
    init(fields: inout YAMLFields) throws {
        let ruleName = try fields.string("rule")
        switch ruleName {
        case "single-instance":
            self = .singleInstance(type: try fields.string("type"), except: try fields.strings("except", default: []))
        case "no-mutable-static-state": self = .noMutableStaticState
        case "no-task-local": self = .noTaskLocal
        case "never-optional":
            self = .neverOptional(type: try fields.string("type"), dependency: try fields.string("dependency"))
        case "no-mention":
            let types = try fields.strings("types")
            guard !types.isEmpty else { throw fields.error("types", "name at least one type") }
            self = .noMention(types: types)
        case "only-requirements":
            let requirements = try fields.strings("requirements")
            guard !requirements.isEmpty else { throw fields.error("requirements", "name at least one requirement") }
            self = .onlyRequirements(protocol: try fields.string("type"), allowed: requirements)
        case "needs-dependency":
            self = .needsDependency(
                type: try fields.string("type"), dependency: try fields.string("dependency"),
                anyFunction: try fields.bool("dependency_is_function", default: false))
        default:
            throw fields.error(
                "rule",
                "unknown surface rule \"\(ruleName)\"; use single-instance, no-mutable-static-state, no-task-local, needs-dependency, no-mention, never-optional or only-requirements"
            )
        }
    }
}
