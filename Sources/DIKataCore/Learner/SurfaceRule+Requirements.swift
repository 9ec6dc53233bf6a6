extension SurfaceRule {
    /// Every requirement of the protocol called `name`, or of a protocol it refines, other than
    /// `allowed` (names as the symbol graph spells them: `loadItems()`). A default
    /// implementation in an extension is not a requirement, but it does not remove one either.
    static func extraRequirements(
        of name: String, allowed: [String], in declarations: [APISurface.Declaration]
    ) -> [SurfaceFinding] {
        let protocols = declarations.filter { $0.kind == "protocol" }
        guard let root = protocols.first(where: { $0.path == [name] }) else {
            return [SurfaceFinding(message: "No protocol called \(name) is declared here.", location: nil)]
        }
        var found: [SurfaceFinding] = []
        // The protocol and everything it refines, as far as the judged modules declare them.
        var judged: [String: APISurface.Declaration] = [:]
        var pending = [root]
        while let next = pending.popLast() {
            guard judged.updateValue(next, forKey: next.identifier) == nil else { continue }
            for refined in next.refines {
                if let declared = protocols.first(where: { $0.identifier == refined }) {
                    pending.append(declared)
                } else if !isStandardLibrary(refined) {
                    found.append(
                        finding(
                            next,
                            "\(next.name) refines a protocol declared elsewhere (\(refined)), whose requirements every \(name) must meet"
                        ))
                }
            }
        }
        for declaration in declarations {
            guard let owner = declaration.requirementOf.flatMap({ judged[$0] }),
                !(owner.identifier == root.identifier && allowed.contains(declaration.path.last ?? ""))
            else { continue }
            let through = owner.identifier == root.identifier ? "" : ", through \(owner.name)"
            found.append(
                finding(
                    declaration,
                    "`\(declaration.declaration)` (\(declaration.name)\(through)) is one more requirement every \(name) must meet"
                ))
        }
        return found
    }

    /// `Sendable`, `Hashable`, `Actor` and the like: protocols of the standard library and
    /// concurrency, whose mangled names start with a substitution (`s:s8SendableP`, `s:SH`, `s:ScA`).
    static func isStandardLibrary(_ identifier: String) -> Bool {
        identifier.hasPrefix("s:s") || identifier.hasPrefix("s:S")
    }
}
