/// "Did you mean …?" for a mistyped kata or lesson name: the known name (or the part after
/// its number, as in `01-singleton`) closest to the query, when it is close enough.
public enum NameSuggestion {
    public static func closest(to query: String, among names: [String]) -> String? {
        let typed = query.lowercased()
        guard !typed.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for name in names {
            let words = name.lowercased()
            let bare = words.drop { $0.isNumber }.drop { $0 == "-" }
            let distance = min(editDistance(typed, words), editDistance(typed, String(bare)))
            if distance < best?.distance ?? .max { best = (name, distance) }
        }
        // A third of the word may be wrong (two letters in "singelton"), never all of it.
        guard let best, best.distance <= max(1, typed.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
