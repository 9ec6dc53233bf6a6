import DIKataCore
import Testing

/// `kind: build-variant` in kata.yaml: the conditions to define and the hidden tests to run.
struct BuildVariantFieldsTests {
    func decode(_ fields: String) throws -> CheckKind { try CheckKindFieldsTests().decode(fields) }

    @Test func readsTheDefinesAndTheTests() throws {
        #expect(
            try decode("    kind: build-variant\n    defines: [RELEASE, NO_LOG]\n    tests: [releaseIsQuiet]\n")
                == .buildVariant(defines: ["RELEASE", "NO_LOG"], tests: ["releaseIsQuiet"]))
        #expect(CheckKind.buildVariant(defines: ["A"], tests: ["t"]).name == "build-variant")
        #expect(CheckKind.buildVariant(defines: ["A"], tests: ["t"]).probe == nil)
    }

    @Test(arguments: [
        ("    defines: []\n    tests: [t]\n", "checks[0].defines"),
        ("    defines: [RELEASE]\n    tests: []\n", "checks[0].tests"),
        ("    tests: [t]\n", "checks[0].defines"),
        ("    defines: [RELEASE]\n", "checks[0].tests"),
        ("    defines: [-DRELEASE]\n    tests: [t]\n", "checks[0].defines"),
        ("    defines: [RELEASE]\n    tests: [t]\n    test: t\n", "checks[0].test"),
    ])
    func refusesWhatIsNotAVariant(_ fields: String, _ field: String) {
        let error = #expect(throws: ManifestError.self) { try decode("    kind: build-variant\n" + fields) }
        #expect(error?.field == field, "\(error?.description ?? "no error")")
    }
}
