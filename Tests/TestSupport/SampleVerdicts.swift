import DIKataCore
import Foundation

/// Verdicts covering every check status, for report tests.
public enum SampleVerdicts {
    public static let kata = KataManifest(
        id: "03-property-injection", title: "A handle per view model", stage: 3, summary: "s", hints: ["a", "b", "c"],
        targets: [TargetRule(name: "Items")],
        checks: [
            CheckSpec(
                id: "seam", title: "Both view models take a client", points: 2,
                kind: .contract(probe: "contract/seam.swift"), advice: "Add `var client`."),
            CheckSpec(
                id: "silent", title: "The tripwire stays silent", points: 3, kind: .behaviour(test: "silent"),
                advice: "Send every call through `client`.", visibility: .afterDueDate),
            CheckSpec(
                id: "crash", title: "Reload survives an empty list", points: 1, kind: .behaviour(test: "crash"),
                advice: "Handle the empty list."),
            CheckSpec(
                id: "hang", title: "Reload finishes", points: 1, kind: .behaviour(test: "hang"),
                advice: "Don't wait forever."),
            CheckSpec(
                id: "probe", title: "`current` is gone", points: 1,
                kind: .negative(probe: "negative/probe.swift", expect: nil), advice: "Delete `current`."),
            CheckSpec(
                id: "order", title: "Runs after the others", points: 1, kind: .behaviour(test: "order"),
                advice: "Fix the others first."),
        ])

    public static let failing = VerdictBuilder().verdict(
        for: kata,
        evidence: [
            "seam": CheckEvidence(.passed, duration: 0.1),
            "silent": CheckEvidence(
                .failed(
                    "Expectation failed: hits.isEmpty\nreload() (Items/ItemListViewModel.swift:22) still calls ServerAPIClient.shared",
                    SourceLocation(file: "Sources/Items/ItemListViewModel.swift", line: 22)),
                output: CapturedText(text: "loading <items> & \"more\"\n"), duration: 0.004),
            "crash": CheckEvidence(
                .crashed(
                    "The check crashed.\nItems/ItemListViewModel.swift:30: Fatal error: Index out of range",
                    SourceLocation(file: "Sources/Items/ItemListViewModel.swift", line: 30, column: 9)),
                output: CapturedText(text: String(repeating: "x", count: 600) + "\u{1}", droppedBytes: 2048)),
            "hang": CheckEvidence(.timedOut("This check ran for more than 5 s and was stopped."), duration: 5),
            "probe": CheckEvidence(
                .compileError(
                    "Your code does not compile yet (Items): Sources/Items/A.swift:3: expected '}'",
                    SourceLocation(file: "Sources/Items/A.swift", line: 3))),
        ],
        notes: ["Running as root: the process-count limit is not enforced."], isolation: .bubblewrap, duration: 6.25)

    public static let passing = VerdictBuilder().verdict(
        for: KataManifest(
            id: "01-singleton", title: "One by law, one by habit", stage: 1, summary: "s", hints: ["a", "b", "c"],
            targets: [TargetRule(name: "APIClient")],
            checks: [
                CheckSpec(id: "once", title: "One ID, ever", points: 3, kind: .behaviour(test: "once"), advice: "x")
            ]),
        evidence: ["once": CheckEvidence(.passed, duration: 0.002)], isolation: .bubblewrap, duration: 0.5)

    public static let unreadable = VerdictBuilder().verdict(
        for: kata, evidence: [:], problems: ["Package.swift could not be read: line 3: expected ')'"],
        isolation: .limitsOnly, duration: 0.3)

    public static let context = ReportContext(
        testCode: ["03-property-injection": ["silent": "@Test func silent() {\n    #expect(true)\n}"]],
        repositoryPath: { kata, file in "\(kata)/\(file)" })
}
