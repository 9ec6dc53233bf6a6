import Foundation

/// How `dikata next --from-mine` carries the learner's kata N into kata N+1: a three-way merge
/// per file, with base = the reference solution(N), ours = the learner's file, theirs =
/// starter(N+1) (solution(N) + delta(N+1)). Pure: the text merges it asks for are done by the
/// caller (`git merge-file`) and handed back to `finished`.
public struct MergePlan: Equatable, Sendable {
    /// What happens to one package path.
    public enum Step: Equatable, Sendable {
        /// The file is settled without a text merge.
        case take(Data)
        /// Both sides changed the file: a text merge decides (an absent base is empty).
        case merge(base: Data, ours: Data, theirs: Data)
        /// One side deleted what the other changed: nothing to merge.
        case conflict(String)
    }

    /// Every path of the merged package, plus those that need a merge or conflict.
    public var steps: [String: Step]

    public init(steps: [String: Step]) { self.steps = steps }

    /// The plan for three packages. Paths under `readOnly` prefixes (the kata's read-only and
    /// shared targets) always come from `theirs`: the library provides them.
    public static func plan(
        base: [String: Data], ours: [String: Data], theirs: [String: Data], readOnly: [String] = []
    ) -> MergePlan {
        var steps: [String: Step] = [:]
        for path in Set(base.keys).union(ours.keys).union(theirs.keys) {
            let (b, o, t) = (base[path], ours[path], theirs[path])
            if readOnly.contains(where: { path.hasPrefix($0) }) {
                if let t { steps[path] = .take(t) }
            } else if o == t || o == b {
                // Equal sides, or the learner left the file as the solution had it: theirs wins
                // (a file the delta removes is removed).
                if let t { steps[path] = .take(t) }
            } else if t == b {
                // The delta left it alone: the learner's version (or the learner's deletion) stands.
                if let o { steps[path] = .take(o) }
            } else if let o, let t {
                steps[path] = .merge(base: b ?? Data(), ours: o, theirs: t)
            } else {
                steps[path] = .conflict(
                    o == nil
                        ? "you deleted it and the next kata changes it" : "the next kata removes it and you changed it")
            }
        }
        return MergePlan(steps: steps)
    }

    /// Paths that need a text merge, sorted.
    public var pendingMerges: [String] {
        steps.compactMap { path, step in
            if case .merge = step { return path }
            return nil
        }.sorted()
    }

    /// The merged package once each pending merge has its result (nil: it conflicted, or was
    /// not done), and the paths that conflicted, sorted. Conflicts mean the merge failed.
    public func finished(merges: [String: Data?]) -> (files: [String: Data], conflicts: [String]) {
        var files: [String: Data] = [:]
        var conflicts: [String] = []
        for (path, step) in steps {
            switch step {
            case .take(let data): files[path] = data
            case .conflict: conflicts.append(path)
            case .merge:
                if let merged = merges[path] ?? nil { files[path] = merged } else { conflicts.append(path) }
            }
        }
        return (files, conflicts.sorted())
    }
}
