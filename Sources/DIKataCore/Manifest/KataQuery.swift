/// How a learner or an instructor names a kata on the command line: its id
/// (`02-global-state`), its number (`2` or `02`, the id's leading digits) or a prefix of its
/// id that matches no other kata. The one rule for `grade`, `dev check`, `lesson` and
/// kata selections.
public enum KataQuery {
    /// `02-global-state` → 2; nil for an id that does not start with digits.
    public static func number(of id: String) -> Int? {
        Int(id.prefix { $0.isNumber })
    }

    /// The id in `ids` that `query` names, or nil when it names none or several.
    public static func resolve(_ query: String, among ids: [String]) -> String? {
        if ids.contains(query) { return query }
        if let wanted = Int(query), let match = ids.first(where: { number(of: $0) == wanted }) { return match }
        let prefixed = ids.filter { $0.hasPrefix(query) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}
