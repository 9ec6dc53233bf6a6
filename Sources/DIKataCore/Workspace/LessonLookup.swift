/// `dikata lesson X`: a lesson by id, by the kata it prepares, or by its number on the stage
/// map (the welcome is 0, so `lesson 1` is stage 1's and `lesson 7` the one after stage 6).
public enum LessonLookup {
    public static func find(_ query: String, in index: LessonIndex) -> LessonIndex.Lesson? {
        if let found = index.resolve(query) { return found }
        guard let number = Int(query), index.lessons.indices.contains(number) else { return nil }
        return index.lessons[number]
    }

    /// The error for a query that names no lesson: a suggestion, and every lesson with its number.
    public static func noMatch(_ query: String, in index: LessonIndex) -> String {
        let suggestion = NameSuggestion.closest(to: query, among: index.lessons.map(\.id))
        let list = index.lessons.enumerated().map { "\($0.offset) \($0.element.id)" }.joined(separator: ", ")
        return "No lesson matches \"\(query)\".\(suggestion.map { " Did you mean \($0)?" } ?? "") Lessons: \(list)."
    }
}
