import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// Broken packages, kata and machines: each gets a clear message and the workspace is untouched.
    @Suite(.serialized) struct BadInputTests {
        func grade(_ package: URL, environment: [String: String] = ProcessInfo.processInfo.environment) async throws
            -> Verdict
        {
            try await Fixtures.grader(environment: environment).grade(try Fixtures.loginKata(), package: package)
        }

        func write(_ text: String, to relative: String, in package: URL) throws {
            let url = package.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        @Test func packageSwiftThatDoesNotParse() async throws {
            let package = try Fixtures.submission(nil)
            try write(
                "import PackageDescription\nlet package = Package(name: \"LoginKata\", targets: [\n",
                to: "Package.swift", in: package)
            let grader = try await Fixtures.grader()
            let kata = try Fixtures.loginKata()
            let verdict = try await grader.grade(kata, package: package)
            #expect(verdict.problems.count == 1)
            #expect(verdict.problems.first?.hasPrefix("Package.swift could not be read") == true)
            #expect(verdict.checks.allSatisfy { $0.status == .notRun })
            #expect(verdict.outcome == .failed)
            // The check runner's entry point compiles while Package.swift is read, and is left to
            // finish when grading stops there (issue 15): its object and stamp are written.
            let entry = grader.buildDirectory(for: kata, package: package).appendingPathComponent("checks/HiddenChecks")
            #expect(FileManager.default.fileExists(atPath: entry.appendingPathComponent("HiddenChecks.o").path))
            #expect(FileManager.default.fileExists(atPath: entry.appendingPathComponent("stamp").path))
        }

        @Test func packageSwiftThatTriesToWriteAFile() async throws {
            let target = "/var/tmp/dikata-manifest-\(UUID().uuidString)"
            let package = try Fixtures.submission(nil)
            let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
            try write(
                manifest.replacingOccurrences(
                    of: "import PackageDescription", with: "import PackageDescription\nimport Foundation")
                    + "\ntry! \"pwned\".write(toFile: \"\(target)\", atomically: false, encoding: .utf8)\n",
                to: "Package.swift", in: package)
            let verdict = try await grade(package)
            #expect(verdict.problems.first?.hasPrefix("Package.swift could not be read") == true)
            #expect(!FileManager.default.fileExists(atPath: target))
        }

        @Test func sourceThatIsNotUTF8() async throws {
            let package = try Fixtures.submission(nil)
            try Data([0x70, 0x75, 0x62, 0xff, 0xfe, 0x0a]).write(
                to: package.appendingPathComponent("Sources/Login/Latin1.swift"))
            let before = Fixtures.treeDigest(package)
            let verdict = try await grade(package)
            #expect(
                verdict.problems == ["Sources/Login/Latin1.swift is not UTF-8 text. Save it as UTF-8 in your editor."])
            #expect(verdict.checks.allSatisfy { $0.status == .notRun })
            #expect(Fixtures.treeDigest(package) == before)
        }

        @Test func symlinkPointingOutOfThePackage() async throws {
            let package = try Fixtures.submission(nil)
            try FileManager.default.createSymbolicLink(
                atPath: package.appendingPathComponent("Sources/Login/Secrets.swift").path,
                withDestinationPath: "/etc/hostname")
            let verdict = try await grade(package)
            let problem = try #require(verdict.problems.first)
            #expect(
                problem.hasPrefix(
                    "Sources/Login/Secrets.swift is a symbolic link to /etc/hostname, outside the kata folder"))
        }

        @Test func symlinkInsideThePackageIsFollowed() async throws {
            let package = try Fixtures.submission(nil)
            let original = package.appendingPathComponent("Sources/Login/LoginViewModel.swift")
            let moved = package.appendingPathComponent("Shared/LoginViewModel.swift")
            try FileManager.default.createDirectory(
                at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: original, to: moved)
            try FileManager.default.createSymbolicLink(
                atPath: original.path, withDestinationPath: "../../Shared/LoginViewModel.swift")
            let verdict = try await grade(package)
            #expect(verdict.problems.isEmpty)
            #expect(verdict.outcome == .passed)
        }

        @Test func learnerFileNamedLikeAHiddenCheck() async throws {
            let package = try Fixtures.submission(nil)
            try write("public let loginChecksRan = false\n", to: "Sources/Login/LoginChecks.swift", in: package)
            let verdict = try await grade(package)
            #expect(verdict.outcome == .passed)
            #expect(
                verdict.notes.contains {
                    $0.hasPrefix(
                        "Sources/Login/LoginChecks.swift has the same name as one of the kata's hidden check files")
                })
        }

        @Test func targetNamedLikeTheHiddenChecksModule() async throws {
            let package = try Fixtures.submission(nil)
            try write(
                """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "LoginKata", targets: [
                    .target(name: "APIClient"), .target(name: "Login"), .target(name: "HiddenChecks"),
                ])
                """, to: "Package.swift", in: package)
            try write("public let fake = true\n", to: "Sources/HiddenChecks/Fake.swift", in: package)
            let verdict = try await grade(package)
            #expect(verdict.problems.contains { $0.contains("reserved for the kata's hidden checks") })
            #expect(verdict.check("signs-in")?.status == .notRun)
        }

        @Test func missingTarget() async throws {
            let package = try Fixtures.submission(nil)
            try write(
                """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "LoginKata", targets: [.target(name: "APIClient")])
                """, to: "Package.swift", in: package)
            let verdict = try await grade(package)
            #expect(verdict.problems.contains { $0.contains("no longer declares the target \"Login\"") })
            #expect(verdict.check("login-independent")?.status == .failed)
        }

        @Test func missingToolchain() async throws {
            await #expect(throws: GradingError.self) {
                _ = try await Fixtures.grader(environment: ["PATH": "/nonexistent"])
            }
            do {
                _ = try await Fixtures.grader(environment: ["PATH": "/nonexistent"])
            } catch let error as GradingError {
                #expect(error.description.contains("needs the Swift 6 toolchain"))
            }
        }

        @Test func withoutBubblewrapGradingStillWorksAndSaysSo() async throws {
            var environment = ProcessInfo.processInfo.environment
            environment["DIKATA_SANDBOX"] = "none"
            let verdict = try await grade(try Fixtures.submission(nil), environment: environment)
            #expect(verdict.outcome == .passed)
            #expect(verdict.isolation == .limitsOnly)
            #expect(verdict.notes.contains { $0.contains("resource limits only (DIKATA_SANDBOX=none)") })
        }

        @Test func kataWithAMissingProbeFile() throws {
            let directory = try Fixtures.temporaryDirectory("broken-kata").appendingPathComponent("00-warm-up")
            try FileManager.default.copyItem(at: try Fixtures.loginKata().directory, to: directory)
            try FileManager.default.removeItem(
                at: directory.appendingPathComponent("hidden/contract/contract-init.swift"))
            #expect {
                try KataLibrary.loadKata(directory, listedAs: "00-warm-up")
            } throws: { error in
                let error = error as? ManifestError
                return error?.field == "checks[0].probe"
                    && error?.problem == "hidden/contract/contract-init.swift does not exist"
            }
        }

        @Test func kataWithASupportFileNamedLikeTheGradersHelper() throws {
            let directory = try Fixtures.temporaryDirectory("reserved-support").appendingPathComponent("00-warm-up")
            try FileManager.default.copyItem(at: try Fixtures.loginKata().directory, to: directory)
            let support = directory.appendingPathComponent("hidden/support")
            try FileManager.default.createDirectory(at: support, withIntermediateDirectories: true)
            try "enum Expect {}\n".write(
                to: support.appendingPathComponent("DIKataExpect.swift"), atomically: true, encoding: .utf8)
            #expect {
                try KataLibrary.loadKata(directory, listedAs: "00-warm-up")
            } throws: { error in
                (error as? ManifestError)?.problem.hasPrefix(
                    "support/DIKataExpect.swift is the name under which dikata adds its `Expect` helper") == true
            }
        }

        @Test func kataWhoseIdDoesNotMatchItsFolder() throws {
            #expect {
                try KataLibrary.loadKata(try Fixtures.loginKata().directory, listedAs: "01-login")
            } throws: { error in
                (error as? ManifestError)?.problem.contains("the catalog lists this folder as \"01-login\"") == true
            }
        }
    }
}
