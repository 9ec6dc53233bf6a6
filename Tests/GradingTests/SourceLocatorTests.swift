import DIKataCore
import Testing

@testable import Grading

/// Compiler and runtime messages mapped back to the learner's own files.
struct SourceLocatorTests {
    let locator = SourceLocator(
        snapshotRoot: "/cache/builds/k/snapshot/",
        files: [
            "Sources/Login/LoginViewModel.swift", "Sources/Login/Views/LoginView.swift", "Sources/App/Main.swift",
            "Sources/App/Helpers/Main.swift", "Sources/My Target/Some File.swift", "Sources/Login/Time: 10:30.swift",
        ],
        targetPaths: ["Login": "Sources/Login", "App": "Sources/App", "MyTarget": "Sources/My Target"])

    @Test func anAbsolutePathInTheSnapshotBecomesThePackagePath() {
        #expect(
            locator.locate("/cache/builds/k/snapshot/Sources/Login/LoginViewModel.swift:12:9: error: cannot find 'x'")
                == DIKataCore.SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 12, column: 9))
    }

    @Test func aPackageRelativePathIsKeptAndAColumnIsOptional() {
        #expect(
            locator.locate("Sources/App/Main.swift:3: warning")
                == DIKataCore.SourceLocation(file: "Sources/App/Main.swift", line: 3))
    }

    @Test func aFileIDFromFatalErrorIsFoundInItsTargetsFolder() {
        #expect(
            locator.locate("Login/LoginViewModel.swift:30: Fatal error: Index out of range")
                == DIKataCore.SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 30))
        #expect(
            locator.locate("Login/LoginView.swift:4: Fatal error")
                == DIKataCore.SourceLocation(file: "Sources/Login/Views/LoginView.swift", line: 4))
        #expect(
            locator.locate("MyTarget/Some File.swift:8: Fatal error")
                == DIKataCore.SourceLocation(file: "Sources/My Target/Some File.swift", line: 8))
    }

    @Test func whatIsNotTheLearnersOwnFileIsNotPointedAt() {
        // The hidden checks, a path outside the snapshot, an unknown module, an ambiguous name.
        #expect(locator.locate("/katas/01/hidden/Checks.swift:3:5: error") == nil)
        #expect(locator.locate("/cache/builds/k/snapshot/Sources/Login/Gone.swift:3: error") == nil)
        #expect(locator.locate("HiddenChecks/Checks.swift:9: Fatal error") == nil)
        #expect(locator.locate("App/Main.swift:1: Fatal error") == nil, "Two files in App are named Main.swift.")
        #expect(locator.locate("no location here") == nil)
    }

    @Test func theFirstReferenceToALearnersFileWins() {
        let text = "HiddenChecks/Checks.swift:9: expectation failed\nLogin/LoginViewModel.swift:22 calls shared"
        #expect(locator.locate(text) == DIKataCore.SourceLocation(file: "Sources/Login/LoginViewModel.swift", line: 22))
    }

    /// Issue 16: a `:` in a learner's file name keeps its file and line, in compiler and
    /// runtime messages alike.
    @Test func aColonInAFileNameKeepsTheFileAndLine() {
        #expect(
            locator.locate("/cache/builds/k/snapshot/Sources/Login/Time: 10:30.swift:7:2: error: cannot find 'x'")
                == DIKataCore.SourceLocation(file: "Sources/Login/Time: 10:30.swift", line: 7, column: 2))
        let diagnostic = CompilerDiagnostic.parse("/s/Sources/Login/Time: 10:30.swift:7:2: error: cannot find 'x'")
        #expect(
            diagnostic == [
                CompilerDiagnostic(
                    file: "/s/Sources/Login/Time: 10:30.swift", line: 7, column: 2, severity: .error,
                    message: "cannot find 'x'")
            ])
    }
}
