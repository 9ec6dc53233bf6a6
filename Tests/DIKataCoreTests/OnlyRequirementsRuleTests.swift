import DIKataCore
import Testing

/// `only-requirements` judges what a protocol asks of its conformers, from the symbol graph's
/// requirement relationships: a default implementation or a new name does not hide one.
struct OnlyRequirementsRuleTests {
    typealias Declaration = APISurface.Declaration
    static let loader = "s:5Items0A6LoaderP"
    let rule = SurfaceRule.onlyRequirements(protocol: "ItemsLoader", allowed: ["loadItems()"])

    func loaderProtocol(refines: [String] = ["s:s8SendableP"]) -> Declaration {
        Declaration(
            identifier: Self.loader, kind: "protocol", access: "public", path: ["ItemsLoader"],
            declaration: "protocol ItemsLoader : Sendable", types: [], file: "Sources/Items/ItemsLoader.swift",
            line: 1, refines: refines)
    }

    func member(
        _ kind: String, _ path: [String], _ text: String, of owner: String? = loader, line: Int = 2
    ) -> Declaration {
        Declaration(
            identifier: "s:\(path.joined())\(owner == nil ? "ext" : "")", kind: kind, access: "public", path: path,
            declaration: text, types: [], file: "Sources/Items/ItemsLoader.swift", line: line, requirementOf: owner)
    }

    var loadItems: Declaration {
        member("method", ["ItemsLoader", "loadItems()"], "func loadItems() async throws(ItemsError) -> [Item]")
    }

    func findings(_ declarations: [Declaration]) -> [SurfaceFinding] {
        rule.findings(in: [APISurface(module: "Items", declarations: declarations)])
    }

    @Test func aProtocolWithOnlyTheAllowedRequirementAndAHelperInAnExtensionPasses() {
        let helper = member("method", ["ItemsLoader", "reloaded()"], "func reloaded() async", of: nil)
        #expect(findings([loaderProtocol(), loadItems, helper]) == [])
    }

    @Test(arguments: [
        ("method", "savedItems()", "func savedItems() async -> [Item]"),
        ("property", "offlineShelf", "var offlineShelf: [Item] { get async }"),
        ("associatedtype", "Saved", "associatedtype Saved"),
    ])
    func anyOtherRequirementIsFoundEvenWithADefault(kind: String, name: String, text: String) {
        let requirement = member(kind, ["ItemsLoader", name], text, line: 3)
        let defaulted = member(kind, ["ItemsLoader", name], text, of: nil, line: 7)
        let found = findings([loaderProtocol(), loadItems, requirement, defaulted])
        #expect(found.count == 1)
        #expect(found.first?.location?.line == 3)
        #expect(found.first?.message.contains("(ItemsLoader.\(name)) is one more requirement") == true)
    }

    @Test func aRequirementOfARefinedProtocolIsFoundThroughIt() {
        let source = Declaration(
            identifier: "s:5Items16SavedItemsSourceP", kind: "protocol", access: "public", path: ["SavedItemsSource"],
            declaration: "protocol SavedItemsSource : Sendable", types: [], refines: ["s:s8SendableP"])
        let saved = member(
            "method", ["SavedItemsSource", "savedItems()"], "func savedItems() async -> [Item]",
            of: source.identifier)
        let found = findings([loaderProtocol(refines: [source.identifier, "s:s8SendableP"]), loadItems, source, saved])
        #expect(found.map(\.message).contains { $0.contains("through SavedItemsSource") })
        #expect(found.count == 1)
    }

    @Test func aRefinedProtocolFromElsewhereCannotBeJudgedAndIsFound() {
        let found = findings([loaderProtocol(refines: ["s:7Caching11SavedSourceP"]), loadItems])
        #expect(found.count == 1)
        #expect(found.first?.message.contains("declared elsewhere") == true)
    }

    @Test func anAllowedNameOnAnotherProtocolIsStillExtra() {
        let base = Declaration(
            identifier: "s:5Items4BaseP", kind: "protocol", access: "public", path: ["Base"],
            declaration: "protocol Base", types: [])
        let other = member("method", ["Base", "loadItems()"], "func loadItems() async", of: base.identifier)
        #expect(findings([loaderProtocol(refines: [base.identifier]), loadItems, base, other]).count == 1)
    }

    @Test func aMissingProtocolIsAFinding() {
        #expect(findings([loadItems]).map(\.message) == ["No protocol called ItemsLoader is declared here."])
    }

    @Test func kataYAMLNamesTheProtocolAndItsRequirements() throws {
        let fields = CheckKindFieldsTests()
        #expect(
            try fields.decode(
                "    kind: surface\n    rule: only-requirements\n    type: ItemsLoader\n    requirements: [loadItems()]\n    targets: [Login]\n"
            ) == .surface(rule: rule, targets: ["Login"]))
        #expect(throws: ManifestError.self) {
            try fields.decode(
                "    kind: surface\n    rule: only-requirements\n    type: ItemsLoader\n    requirements: []\n    targets: [Login]\n"
            )
        }
    }
}
