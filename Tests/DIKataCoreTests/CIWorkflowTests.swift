import DIKataCore
import Foundation
import Testing

/// The workflows `dikata ci init` writes must build dikata on a fresh runner: every system
/// library the build links is installed, and the pinned image's Swift reads every manifest.
struct CIWorkflowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// `6.2` from `// swift-tools-version:6.2` (or ` 6.2.1`).
    static func toolsVersion(ofManifest text: String) -> [Int]? {
        guard let first = text.split(separator: "\n").first, let colon = first.firstIndex(of: ":"),
            first.hasPrefix("// swift-tools-version")
        else { return nil }
        return version(first[first.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    static func version(_ text: String) -> [Int]? {
        let parts = text.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
    }

    static func atLeast(_ have: [Int], _ need: [Int]) -> Bool {
        for index in 0..<max(have.count, need.count) {
            let (a, b) = (index < have.count ? have[index] : 0, index < need.count ? need[index] : 0)
            if a != b { return a > b }
        }
        return true
    }

    func workflows() -> [CIWorkflow] {
        CIWorkflow.Provider.allCases.map {
            CIWorkflow(provider: $0, dikataURL: "https://example.org/dikata.git", dikataRef: "v1", minimumScore: "80%")
        }
    }

    /// The apt packages Package.swift names for the system-library target whose module map is `folder`.
    func aptProviders(ofTargetIn folder: String, manifest: String) throws -> [String] {
        let target = try #require(manifest.range(of: "name: \"\(folder)\""), "\(folder) has no target in Package.swift")
        let rest = manifest[target.upperBound...]
        let apt = try #require(rest.range(of: ".apt(["), "\(folder) names no apt packages in Package.swift")
        let end = try #require(rest[apt.upperBound...].firstIndex(of: "]"))
        return rest[apt.upperBound..<end].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    @Test func installsTheLibrariesOfEverySystemLibraryModule() throws {
        let manifest = try read("Package.swift")
        let sources = Self.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter {
            FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/module.modulemap").path)
        }
        #expect(modules == ["CCmarkGFM", "CNcursesw"], "a new system library: check its packages below")
        var needed: Set<String> = []
        for module in modules {
            let map = try read("Sources/\(module)/module.modulemap")
            #expect(map.contains("link \""), "\(module) links nothing")
            needed.formUnion(try aptProviders(ofTargetIn: module, manifest: manifest))
        }
        // cmark-gfm's headers and both link names come from these two; dpkg -S confirms it on Debian.
        #expect(needed.isSuperset(of: ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev", "libncursesw5-dev"]))
        // Cloning dikata and the grading sandbox, as .ci/run installs them.
        needed.formUnion(["git", "bubblewrap", "util-linux"])
        #expect(Set(CIWorkflow.packages) == needed)
        let gate = try read(".ci/run")
        for package in needed { #expect(gate.contains(package), "\(package) is not installed by .ci/run") }
        for workflow in workflows() {
            let install = try #require(
                workflow.text.split(separator: "\n").first { $0.contains("apt-get install") },
                "\(workflow.provider) installs nothing")
            let installed = Set(install.split(separator: " ").map(String.init))
            #expect(installed.isSuperset(of: needed), "\(workflow.provider) misses \(needed.subtracting(installed))")
            #expect(install.contains("apt-get update &&"), "\(workflow.provider) installs from a stale list")
            let lines = workflow.text.split(separator: "\n").map(String.init)
            let installAt = try #require(lines.firstIndex { $0.contains("apt-get install") })
            let buildAt = try #require(lines.firstIndex { $0.contains("swift build -c release") })
            #expect(installAt < buildAt, "\(workflow.provider) builds before it installs")
        }
    }

    @Test func thePinnedImagesSwiftReadsEveryManifest() throws {
        let image = try #require(CIWorkflow.swiftImage.split(separator: ":").last.map(String.init))
        let imageSwift = try #require(Self.version(image))
        let manifest = try #require(Self.toolsVersion(ofManifest: try read("Package.swift")))
        #expect(Self.atLeast(imageSwift, manifest), "\(CIWorkflow.swiftImage) cannot read tools \(manifest)")
        // Package.swift states the real minimum: no resolved dependency needs a newer one.
        let checkouts = Self.root.appendingPathComponent(".build/checkouts")
        for dependency in (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let path = checkouts.appendingPathComponent("\(dependency)/Package.swift")
            guard let text = try? String(contentsOf: path, encoding: .utf8),
                let needs = Self.toolsVersion(ofManifest: text)
            else { continue }
            #expect(Self.atLeast(manifest, needs), "\(dependency) needs tools \(needs), Package.swift says \(manifest)")
        }
        // The image is the Swift the test suite runs on (6.3), which grading's event stream needs.
        #expect(Self.atLeast(imageSwift, [6, 3]))
        for workflow in workflows() {
            #expect(workflow.text.contains(CIWorkflow.swiftImage))
            #expect(!workflow.text.contains("swift:6.1"))
        }
        let readme = try read("README.md")
        let minimum = manifest.prefix(2).map { String($0) }.joined(separator: ".")
        #expect(readme.contains("Swift \(minimum) or later"), "README does not state the minimum, \(minimum)")
    }

    @Test func usesActionsOnAMaintainedNode() throws {
        let github = try #require(workflows().first { $0.provider == .github }).text
        let used = github.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "uses: ") else { return nil }
            return String(line[range.upperBound...])
        }
        #expect(Set(used) == Set(CIWorkflow.actions))
        let minimum = ["actions/checkout": 5, "actions/cache": 5, "actions/upload-artifact": 6]
        for action in used {
            let parts = action.split(separator: "@v")
            let name = String(parts[0])
            let major = try #require(Int(parts[1].prefix { $0.isNumber }))
            #expect(major >= (minimum[name] ?? .max), "\(action) runs on node20")
        }
    }
}
