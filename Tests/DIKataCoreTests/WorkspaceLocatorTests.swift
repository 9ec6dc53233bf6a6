import DIKataCore
import Testing

/// Workspace discovery like git's: the folder the learner stands in, then --workspace, then
/// DIKATA_WORKSPACE, then the default. The file system is an in-memory tree.
struct WorkspaceLocatorTests {
    /// `/home/ada/dir` is a workspace (with kata folders); `/home/ada/notes.txt` is a file.
    static let files: Set<String> = [
        "/home/ada/dir/.dikata/workspace.json", "/home/ada/notes.txt",
        "/home/ada/.local/share/dikata/workspace/.dikata/workspace.json",
    ]
    static let folders: Set<String> = [
        "/home/ada", "/home/ada/dir", "/home/ada/dir/03-property-injection",
        "/home/ada/dir/03-property-injection/Sources",
        "/home/ada/elsewhere", "/srv/ws",
    ]

    func locator(cwd: String, environment: [String: String] = [:]) -> WorkspaceLocator {
        WorkspaceLocator(
            currentDirectory: cwd, environment: environment, home: "/home/ada",
            entry: { path in
                Self.files.contains(path) ? .file : Self.folders.contains(path) ? .directory : .missing
            })
    }

    @Test(
        arguments: [
            // (current folder, --workspace, DIKATA_WORKSPACE, expected root, source, kata)
            ("/home/ada/dir", nil, nil, "/home/ada/dir", WorkspaceLocation.Source.currentFolder, nil),
            (
                "/home/ada/dir/03-property-injection/Sources", nil, nil, "/home/ada/dir", .currentFolder,
                "03-property-injection"
            ),
            (
                "/home/ada/dir/03-property-injection", "/srv/ws", "/x", "/home/ada/dir", .currentFolder,
                "03-property-injection"
            ),
            ("/home/ada/elsewhere", "/srv/ws", "/x", "/srv/ws", .option, nil),
            ("/home/ada/elsewhere", "../dir/", nil, "/home/ada/dir", .option, nil),
            ("/home/ada/elsewhere", nil, "/srv/ws", "/srv/ws", .environment, nil),
            ("/home/ada/elsewhere", "", "", "/home/ada/.local/share/dikata/workspace", .default, nil),
            ("/home/ada/dir/.dikata", nil, nil, "/home/ada/dir", .currentFolder, nil),
            (
                "/home/ada/.local/share/dikata/workspace/01-singleton", "/srv/ws", nil,
                "/home/ada/.local/share/dikata/workspace", .default, "01-singleton"
            ),
        ] as [(String, String?, String?, String, WorkspaceLocation.Source, String?)])
    func theWorkspaceIsFoundInThisOrder(
        _ cwd: String, _ option: String?, _ variable: String?, _ root: String, _ source: WorkspaceLocation.Source,
        _ kata: String?
    ) throws {
        let environment = variable.map { ["DIKATA_WORKSPACE": $0] } ?? [:]
        let location = try locator(cwd: cwd, environment: environment).locate(explicit: option)
        #expect(location == WorkspaceLocation(root: root, source: source, kata: kata))
    }

    @Test func theDefaultFollowsXDGDataHome() throws {
        let location = try locator(cwd: "/", environment: ["XDG_DATA_HOME": "/data"]).locate(explicit: nil)
        #expect(location.root == "/data/dikata/workspace")
        #expect(location.announcement == nil)
    }

    @Test func aWorkspaceThatIsNotTheDefaultIsAnnounced() throws {
        let found = try locator(cwd: "/home/ada/dir/03-property-injection").locate(explicit: nil)
        #expect(found.announcement == "Workspace: /home/ada/dir (found from the current folder)")
        let chosen = try locator(cwd: "/home/ada").locate(explicit: "/srv/ws")
        #expect(chosen.announcement == "Workspace: /srv/ws (from --workspace)")
    }

    @Test func aWorkspacePathThatIsAFileIsAClearError() {
        #expect(throws: WorkspaceLocationError.notAFolder("/home/ada/notes.txt", .option)) {
            try locator(cwd: "/home/ada").locate(explicit: "notes.txt")
        }
        let error = WorkspaceLocationError.notAFolder("/home/ada/notes.txt", .environment)
        #expect(
            error.description.hasPrefix("$DIKATA_WORKSPACE names /home/ada/notes.txt, which is a file, not a folder."))
    }
}

/// "Did you mean …?" for mistyped kata names.
struct NameSuggestionTests {
    let katas = ["00-warm-up", "01-singleton", "02-global-state", "03-property-injection"]

    @Test(arguments: [
        ("singelton", "01-singleton"), ("01-singelton", "01-singleton"), ("global-stat", "02-global-state"),
        ("propety-injection", "03-property-injection"), ("warmup", "00-warm-up"),
    ])
    func aNearMissSuggestsTheKata(_ typed: String, _ expected: String) {
        #expect(NameSuggestion.closest(to: typed, among: katas) == expected)
    }

    @Test(arguments: ["nope", "zzzzzzzz", ""])
    func somethingFarOffSuggestsNothing(_ typed: String) {
        #expect(NameSuggestion.closest(to: typed, among: katas) == nil)
    }
}

/// `dikata lesson 7` works like `dikata lesson singleton`.
struct LessonLookupTests {
    let index = LessonIndex(lessons: [
        .init(id: "welcome", title: "Welcome", kata: "00-warm-up", pages: ["a.md"]),
        .init(id: "singleton", title: "Singleton", kata: "01-singleton", pages: ["b.md"]),
        .init(id: "dont-skip-stages", title: "Don't skip stages", kata: nil, pages: ["c.md"]),
        .init(id: "glossary", title: "Glossary", kata: nil, pages: ["d.md"]),
    ])

    @Test(arguments: [
        ("singleton", "singleton"), ("1", "singleton"), ("01", "singleton"), ("01-singleton", "singleton"),
        ("2", "dont-skip-stages"), ("3", "glossary"), ("0", "welcome"), ("gloss", "glossary"),
    ])
    func aLessonIsFoundByNameKataOrNumber(_ query: String, _ id: String) {
        #expect(LessonLookup.find(query, in: index)?.id == id)
    }

    @Test func noMatchSuggestsAndListsTheNumbers() {
        #expect(LessonLookup.find("9", in: index) == nil)
        #expect(
            LessonLookup.noMatch("singelton", in: index)
                == "No lesson matches \"singelton\". Did you mean singleton? Lessons: 0 welcome, 1 singleton, 2 dont-skip-stages, 3 glossary."
        )
    }
}
