import DIKataCore
import Foundation

extension LearnerBuild {
    /// The targets in build order, what each sees, and the notes about read-only targets.
    struct Plan: Sendable {
        var targets: [LearnerPackage.Target]
        /// Per target: the modules of its declared dependencies and theirs.
        var visible: [[String]]
        var index: [String: Int]
        var notes: [String]
        /// Targets compiled last time seeing every module built before them (undeclared imports).
        var widened: Set<String>
        /// The hidden checks' groups, once they are worked out (beside the build), or nil when the
        /// grade compiles one job at a time. Two answers follow from them: whether a rebuilt target's
        /// module is written by a job of its own (``moduleFirst(_:)``) and its priority for a
        /// compile slot (``priority(_:)``). Both are asked only of a target compiled before, so on
        /// a first build no target waits for the groups: they need the parse of the hidden files,
        /// which the learner's first compiles do not wait for.
        var groups: (@Sendable () async -> HiddenGroups)?

        /// The targets a compile importing `modules` needs built, in build order: each imported
        /// target and everything it sees (all earlier targets for a widened one). Modules that are
        /// not targets of the package are left out.
        func needs(importing modules: [String]) -> [String] {
            var needed = Set<Int>()
            for module in modules {
                guard let position = index[module] else { continue }
                needed.insert(position)
                let seen = widened.contains(module) ? targets[..<position].map(\.name) : visible[position]
                for name in seen { if let other = index[name] { needed.insert(other) } }
            }
            return needed.sorted().map { targets[$0].name }
        }
    }

    /// Works out the build order's targets and what each sees (read-only targets from the kata's copy).
    func plan(_ order: [LearnerPackage.Target]) -> Plan {
        var notes: [String] = []
        var targets: [LearnerPackage.Target] = []
        var visible: [[String]] = []
        var dependenciesOf: [String: [String]] = [:]
        for declared in order {
            var target = declared
            if readOnly.contains(target.name) {
                if Self.normalized(target.path) != "Sources/\(target.name)" || target.sources != nil
                    || !target.exclude.isEmpty
                    || target.type != .regular
                {
                    notes.append(
                        "\(target.name) is built from the kata's own copy: what your Package.swift says about its path, sources, exclude or type is ignored."
                    )
                }
                target = LearnerPackage.Target(
                    name: target.name, type: .regular, path: "Sources/\(target.name)",
                    dependencies: target.dependencies.filter(readOnly.contains))
            } else {
                target.path = Self.normalized(target.path)
            }
            let seen = Self.closure(of: target.dependencies, in: dependenciesOf)
            dependenciesOf[target.name] = seen
            targets.append(target)
            visible.append(seen)
        }
        let index = Dictionary(targets.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let widened = Set(
            targets.map(\.name).filter { FileManager.default.fileExists(atPath: folder.widenedMarker($0).path) })
        return Plan(targets: targets, visible: visible, index: index, notes: notes, widened: widened)
    }
}

extension LearnerBuild.Plan {
    /// The targets worth a module job of their own: the last target in build order, when it sees
    /// every other target and every group of hidden checks needs it. Then nothing else can
    /// compile while it does, so its module job and its object job share the two cores and the
    /// checks compile on the module while the object is still compiling (kata 06, a declaration
    /// edit: 1.02 → 0.92 s). Where other work could use the second core, the extra frontend
    /// costs more than the earlier start gains (kata 05, App first as well: 1.04× slower).
    func moduleFirst(for groups: HiddenGroups) -> Set<String> {
        guard let last = targets.last?.name, let position = index[last], !groups.groups.isEmpty else { return [] }
        let others = Set(targets.map(\.name)).subtracting([last])
        guard others.isSubset(of: visible[position]), groups.groups.allSatisfy({ $0.needs.contains(last) })
        else { return [] }
        return [last]
    }

    /// A target's priority for a compile slot: first (before every group of checks) when a group
    /// needs it, or when there are no groups; else after them (``AsyncSlots/last``), because then
    /// the checks are the longer way to the run. In kata 02 App, which no check imports, took
    /// the free core after a declaration edit of Login, and the largest group, on the way to the
    /// run, waited for it (0.945× without that wait).
    func priority(_ name: String, groups: HiddenGroups) -> Int {
        guard !groups.groups.isEmpty, !groups.groups.contains(where: { $0.needs.contains(name) }) else {
            return AsyncSlots.first
        }
        return AsyncSlots.last
    }

    /// Whether `name` gets a module job of its own (``moduleFirst(for:)``): only the last target
    /// can, so only it waits for the groups.
    func moduleFirst(_ name: String) async -> Bool {
        guard let groups, name == targets.last?.name else { return false }
        return moduleFirst(for: await groups()).contains(name)
    }

    /// `name`'s priority for a compile slot (``priority(_:groups:)``), once the groups are known;
    /// first when they are not worked out at all.
    func priority(_ name: String) async -> Int {
        guard let groups else { return AsyncSlots.first }
        return priority(name, groups: await groups())
    }
}

extension LearnerBuild.Plan {
    /// The targets that see no other target (KataSupport): they can compile as soon as the grade
    /// reaches them, and wait for nothing themselves. Not a widened one, which waits for every
    /// target before it.
    var roots: Set<String> {
        Set(
            targets.indices.filter { visible[$0].isEmpty && !widened.contains(targets[$0].name) }.map {
                targets[$0].name
            })
    }

    /// Waits until every root (``roots``) holds its compile slot or needs none. A plan made ahead
    /// calls it before it takes a slot: on an empty cache the plans of what waits for
    /// KataSupport took the free core first, and KataSupport, whose compile builds Foundation's C
    /// modules (the longest job of the grade), started 0.1–0.2 s late. Only roots: a root never
    /// waits for a plan, so no two waits can hold each other up.
    func waitForRoots(modules: OutcomeBoard<Bool>, started: OutcomeBoard<Bool>) async {
        await waitForReadyTargets(among: roots, modules: modules, started: started)
    }

    /// Whether every target in `names` has its module written or is compiling now (holds its
    /// slot, its module not yet written): what needs them is about to be able to start.
    func underway(_ names: [String], modules: OutcomeBoard<Bool>, started: OutcomeBoard<Bool>) async -> Bool {
        let written = await modules.published()
        let holding = await started.published()
        return names.allSatisfy { name in
            guard let position = index[name] else { return true }
            if let module = written[position] { return module }
            return holding[position] == true
        }
    }

    /// Waits until every target in `chosen` that could start compiling now (each module it sees
    /// is written, per `modules`) holds its compile slot or needs none, per `started`.
    ///
    /// A group of hidden checks calls it, with the targets some check needs, before it takes a
    /// slot of its own, so a learner target that other checks wait for goes first. Without it,
    /// the Login checks of kata 05 took the free core the moment Login's module was written, and
    /// App, on the way to the wiring checks, waited for Login's object (decl edit 0.76 → 0.71 s).
    /// A target no check needs is not waited for: there the checks are the longer way to the
    /// link (kata 02).
    func waitForReadyTargets(
        among chosen: Set<String>, modules: OutcomeBoard<Bool>, started: OutcomeBoard<Bool>
    ) async {
        let published = await modules.published()
        let written = Set(published.filter(\.value).keys.map { targets[$0].name })
        let done = await started.published()
        for (position, target) in targets.enumerated()
        where chosen.contains(target.name) && done[position] == nil && published[position] == nil
            && Set(visible[position]).isSubset(of: written)
        {
            _ = await started.outcome(at: position)
        }
    }
}
