import DIKataCore
import Testing

/// The chain's manifest keys: `shared` targets and `solution_removes` in kata.yaml, and
/// `delta.yaml`. Good files decode; each mistake names its field.
struct ChainManifestTests {
    static let kata = """
        format: 1
        id: 03-property-injection
        title: Two servers
        stage: 3
        summary: One scope, two stubs.
        hints: [one, two, three]
        targets:
          - name: KataSupport
            editable: false
            shared: true
          - name: Login
        solution_removes: [Sources/Login/SignInEndpoint.swift]
        checks:
          - id: scoped
            title: Scoped
            points: 1
            kind: contract
            advice: Do it.
        """

    static let delta = """
        format: 1
        from: 02-global-state
        title: Two servers in one test
        why: >-
          A test needs two stubs
          in one scope.
        remove: [Sources/App/DemoTransport.swift]
        breaks: [scoped-override]
        """

    func kataError(_ text: String) -> ManifestError? {
        do {
            _ = try ManifestDecoder().kata(fromYAML: text, file: "kata.yaml")
        } catch {
            return error as? ManifestError
        }
        Issue.record("expected a ManifestError")
        return nil
    }

    func deltaError(_ text: String) -> ManifestError? {
        do {
            _ = try ManifestDecoder().delta(fromYAML: text, file: "delta/delta.yaml")
        } catch {
            return error as? ManifestError
        }
        Issue.record("expected a ManifestError")
        return nil
    }

    @Test func decodesSharedTargetsAndSolutionRemoves() throws {
        let manifest = try ManifestDecoder().kata(fromYAML: Self.kata, file: "kata.yaml")
        #expect(manifest.targets[0] == TargetRule(name: "KataSupport", editable: false, shared: true))
        #expect(manifest.targets[1].shared == false)
        #expect(manifest.solutionRemoves == ["Sources/Login/SignInEndpoint.swift"])
    }

    /// Scalars are read as the text they are (no YAML tag resolution): every spelling of a
    /// boolean YAML 1.1 allows still reads, and text that looks like a number, a date or null
    /// stays the text it is.
    @Test(arguments: [("false", false), ("no", false), ("Off", false), ("true", true), ("yes", true), ("on", true)])
    func booleansReadInEverySpellingYAMLAllows(spelling: String, value: Bool) throws {
        let text = Self.kata.replacingOccurrences(of: "    shared: true\n", with: "    shared: \(spelling)\n")
        #expect(try ManifestDecoder().kata(fromYAML: text, file: "kata.yaml").targets[0].shared == value)
    }

    @Test(arguments: ["null", "~", "2026-11-25", "0x1F", "1e3", "<<"])
    func textThatLooksTypedStaysText(title: String) throws {
        let text = Self.kata.replacingOccurrences(of: "title: Two servers\n", with: "title: \(title)\n")
        #expect(try ManifestDecoder().kata(fromYAML: text, file: "kata.yaml").title == title)
    }

    @Test func withoutTheNewKeysNothingIsSharedOrRemoved() throws {
        let text = Self.kata.replacingOccurrences(of: "    shared: true\n", with: "")
            .replacingOccurrences(of: "solution_removes: [Sources/Login/SignInEndpoint.swift]\n", with: "")
        let manifest = try ManifestDecoder().kata(fromYAML: text, file: "kata.yaml")
        #expect(manifest.targets.allSatisfy { !$0.shared })
        #expect(manifest.solutionRemoves == [])
    }

    @Test(arguments: [
        ("    editable: false\n", "", "targets[0].shared", "add `editable: false`"),
        ("shared: true", "shared: yes please", "targets[0].shared", "expected true or false"),
        ("shared: true", "sharred: true", "targets[0].sharred", "did you mean `shared`"),
        ("[Sources/Login/SignInEndpoint.swift]", "[../Package.swift]", "solution_removes", "inside the package"),
        ("[Sources/Login/SignInEndpoint.swift]", "[/etc/passwd]", "solution_removes", "inside the package"),
        ("solution_removes:", "solution_remove:", "solution_remove", "did you mean `solution_removes`"),
    ])
    func aBadKataKeyNamesItsField(original: String, replacement: String, field: String, problem: String) throws {
        #expect(Self.kata.contains(original))
        let found = try #require(kataError(Self.kata.replacingOccurrences(of: original, with: replacement)))
        #expect(found.field == field)
        #expect(found.problem.contains(problem), "\(found.problem)")
    }

    @Test func decodesADelta() throws {
        let delta = try ManifestDecoder().delta(fromYAML: Self.delta, file: "delta/delta.yaml")
        #expect(
            delta
                == DeltaManifest(
                    from: "02-global-state", title: "Two servers in one test",
                    why: "A test needs two stubs in one scope.",
                    remove: ["Sources/App/DemoTransport.swift"], breaks: ["scoped-override"]))
    }

    @Test func removeAndBreaksAreOptional() throws {
        let text = "format: 1\nfrom: 01-singleton\ntitle: A change\nwhy: Because.\n"
        let delta = try ManifestDecoder().delta(fromYAML: text, file: "delta/delta.yaml")
        #expect(delta.remove == [] && delta.breaks == [])
    }

    @Test(arguments: [
        ("format: 1", "format: 2", "format", "reads delta format 1"),
        ("from: 02-global-state\n", "", "from", "is missing"),
        ("why: >-", "wy: >-", "why", "did you mean `why`"),
        ("breaks: [scoped-override]", "breaks: [scoped-override]\nbroken: [x]", "broken", "unknown field"),
        ("[Sources/App/DemoTransport.swift]", "[../App.swift]", "remove", "inside the package"),
        ("breaks: [scoped-override]", "breaks: scoped-override", "breaks", "expected a list"),
    ])
    func aBadDeltaNamesItsField(original: String, replacement: String, field: String, problem: String) throws {
        #expect(Self.delta.contains(original))
        let found = try #require(deltaError(Self.delta.replacingOccurrences(of: original, with: replacement)))
        #expect(found.file == "delta/delta.yaml")
        #expect(found.field == field)
        #expect(found.problem.contains(problem), "\(found.problem)")
    }
}
