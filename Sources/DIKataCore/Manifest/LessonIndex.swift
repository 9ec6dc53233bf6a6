import Yams

/// The table of contents of the lessons (`Content/lessons.yaml`): lessons in reading order,
/// each with the kata it prepares and its Markdown pages.
public struct LessonIndex: Equatable, Sendable {
    public struct Lesson: Equatable, Sendable, Identifiable {
        public var id: String
        public var title: String
        /// The kata this lesson prepares, if any.
        public var kata: String?
        /// Markdown files, relative to the content folder.
        public var pages: [String]

        public init(id: String, title: String, kata: String?, pages: [String]) {
            self.id = id
            self.title = title
            self.kata = kata
            self.pages = pages
        }
    }

    public var lessons: [Lesson]

    public init(lessons: [Lesson]) { self.lessons = lessons }

    /// The lesson that prepares `kataID`.
    public func lesson(forKata kataID: String) -> Lesson? { lessons.first { $0.kata == kataID } }

    /// Finds a lesson by its id, or by the kata it prepares named as `KataQuery` reads it
    /// (id, number or unique prefix).
    public func resolve(_ query: String) -> Lesson? {
        if let exact = lessons.first(where: { $0.id == query }) { return exact }
        if let kata = KataQuery.resolve(query, among: lessons.compactMap(\.kata)),
            let byKata = lesson(forKata: kata)
        {
            return byKata
        }
        let prefixed = lessons.filter { $0.id.hasPrefix(query) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}

extension ManifestDecoder {
    public func lessonIndex(fromYAML text: String, file: String) throws -> LessonIndex {
        guard let node = try? Self.compose(text) else {
            throw ManifestError(file: file, problem: "is empty or not valid YAML")
        }
        var fields = try YAMLFields(node, file: file, path: "")
        let format = try fields.int("format", minimum: 1)
        guard format == 1 else { throw fields.error("format", "this dikata reads format 1, the file says \(format)") }
        let lessons = try fields.list("lessons").enumerated().map { index, node in
            var lesson = try YAMLFields(node, file: file, path: "lessons[\(index)]")
            let value = LessonIndex.Lesson(
                id: try lesson.string("id"), title: try lesson.string("title"), kata: try lesson.optionalString("kata"),
                pages: try lesson.strings("pages"))
            try lesson.finish()
            guard !value.pages.isEmpty else { throw lesson.error("pages", "a lesson needs at least one page") }
            return value
        }
        try fields.finish()
        return LessonIndex(lessons: lessons)
    }
}
