import Foundation
import TestSupport
import Testing

@testable import Grading

/// What `swift package dump-package` prints for a manifest that only declares is kept for every
/// build folder (issue 15: each package of a batch reads the same Package.swift). That is sound
/// only when running it can depend on nothing but its text: anything else is read in its own
/// package, as before.
@Suite("Plain manifests: declared, so read once for every package")
struct PlainManifestTests {
    static let header = "// swift-tools-version:6.0\nimport PackageDescription\n\n"

    @Test func everyStarterAndSolutionManifestIsPlain() throws {
        let manifests = FolderWalk(Fixtures.katas).files().filter {
            $0.hasSuffix("/starter/Package.swift") || $0.hasSuffix("/solution/Package.swift")
        }
        #expect(manifests.count >= 13)
        for path in manifests {
            let text = try String(contentsOf: Fixtures.katas.appendingPathComponent(path), encoding: .utf8)
            #expect(PlainManifest.isPlain(text), "\(path)")
        }
        // An alternative solution that names its settings once is read in its own package.
        let variant = try String(
            contentsOf: Fixtures.katas.appendingPathComponent(
                "01-singleton/variants/passes-actor-client/Package.swift"),
            encoding: .utf8)
        #expect(!PlainManifest.isPlain(variant))
        #expect(
            PlainManifest.isPlain(
                Self.header + """
                    let package = Package(
                        name: "Shelf", platforms: [.macOS(.v15)],
                        targets: [
                            .target(name: "Login", dependencies: [.product(name: "X", package: "y")], path: "Sources/Login",
                                    swiftSettings: [.swiftLanguageMode(.v6), .define("DEBUG_LOGIN"), .unsafeFlags(["-Onone"])]),
                            .executableTarget(name: "App", dependencies: ["Login"], exclude: ["README.md"]),
                        ],
                        swiftLanguageModes: [.v6]
                    )
                    """))
    }

    @Test(
        "anything that could print more than the text says is not plain",
        arguments: [
            // Reads the machine: its environment, a file, the package's own path, the time.
            #"let package = Package(name: ProcessInfo.processInfo.environment["X"] ?? "a")"#,
            #"let package = Package(name: "a", targets: Context.environment["X"] == nil ? [] : [.target(name: "B")])"#,
            #"let package = Package(name: (try? String(contentsOfFile: "Sources/A/a.swift")) ?? "a")"#,
            #"let package = Package(name: "\(#filePath)")"#,
            #"let package = Package(name: "a\(1)")"#,
            // Resolved against the package's folder.
            #"let package = Package(name: "a", dependencies: [.package(path: "../b")])"#,
            #"let package = Package(name: "a", targets: [.binaryTarget(name: "B", path: "b.zip")])"#,
            // More than one declaration, or anything else at all.
            "let package = Package(name: \"a\")\nlet other = Package(name: \"b\")",
            "let package = Package(name: \"a\")\npackage.targets = []",
            "var package = Package(name: \"a\")",
            "let names = [\"a\"]\nlet package = Package(name: names[0])",
            "func f() -> String { \"a\" }\nlet package = Package(name: f())",
            "#if os(Linux)\nlet package = Package(name: \"a\")\n#endif",
            "let package = Package(name: \"a\", targets: [\"B\"].map { .target(name: $0) })",
            "let package = Package(name: \"a\"",
            "",
        ])
    func notPlain(body: String) {
        #expect(!PlainManifest.isPlain(Self.header + body))
        #expect(!PlainManifest.isPlain("import Foundation\n" + Self.header + "let package = Package(name: \"a\")"))
    }

    /// Two packages with the same plain Package.swift: the second build folder reads it from
    /// the first one's dump. One that is not plain runs in each package.
    @Test func aPlainManifestIsReadOnceForEveryBuildFolderAndAnyOtherInEach() async throws {
        let harness = ManifestHarness()
        defer { harness.remove() }
        let plain = Self.header + "let package = Package(name: \"Shelf\", targets: [.target(name: \"Login\")])\n"
        #expect(await harness.read(["Package.swift": plain], in: "k-aaaa") == ["Login"])
        #expect(await harness.read(["Package.swift": plain], in: "k-bbbb") == ["Login"])
        #expect(harness.reads == 1, "the second package ran no manifest")

        let reading = Self.header + #"let package = Package(name: Context.environment["N"] ?? "Shelf")"# + "\n"
        _ = await harness.read(["Package.swift": reading], in: "k-aaaa")
        _ = await harness.read(["Package.swift": reading], in: "k-bbbb")
        #expect(harness.reads == 3, "each package ran its own")
    }

    /// SwiftPM reads `Package@swift-6.swift` in place of Package.swift: a package with one is
    /// read in its own folder even when its Package.swift is plain and read before (else one
    /// package's versioned manifest would stand for another's, or be ignored), and a change to
    /// the versioned manifest alone is read again.
    @Test func aVersionedManifestIsReadInItsOwnPackageAndEveryChangeToItIsRead() async throws {
        let harness = ManifestHarness()
        defer { harness.remove() }
        let plain = Self.header + "let package = Package(name: \"Shelf\", targets: [.target(name: \"Login\")])\n"
        let versioned = plain.replacingOccurrences(of: "targets: [", with: "swiftLanguageModes: [.v5], targets: [")
        _ = await harness.read(["Package.swift": plain], in: "k-aaaa")
        #expect(harness.reads == 1)

        let files = ["Package.swift": plain, "Package@swift-6.swift": versioned]
        _ = await harness.read(files, in: "k-bbbb")
        #expect(harness.reads == 2, "the shared reading of Package.swift stood for a package with a versioned manifest")
        _ = await harness.read(files, in: "k-bbbb")
        #expect(harness.reads == 2, "the same manifests in the same folder are read once")
        _ = await harness.read(
            ["Package.swift": plain, "Package@swift-6.swift": versioned + "// edited\n"], in: "k-bbbb")
        #expect(harness.reads == 3, "a change to the versioned manifest alone was not read")
        _ = await harness.read(files, in: "k-cccc")
        #expect(harness.reads == 4, "a package's versioned reading was shared with another package")

        // Only the package's root holds manifests: a file of that name in a target is a source.
        #expect(ManifestReader.isVersionedManifest("Package@swift-6.0.swift"))
        #expect(!ManifestReader.isVersionedManifest("Sources/Login/Package@swift-6.swift"))
        #expect(!ManifestReader.isVersionedManifest("Package.swift"))
    }
}
