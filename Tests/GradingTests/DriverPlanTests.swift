import Foundation
import Testing

@testable import Grading

@Suite("Driver plans: the commands swiftc would run, trusted only when read exactly")
struct DriverPlanTests {
    let bin = "/opt/swift/usr/bin"

    @Test("a link plan keeps both jobs, the quoted output path and the response file")
    func link() throws {
        let output = """
            \(bin)/swift-autolink-extract /b/H.o /b/L.o -o /b/main.autolink
            \(bin)/clang -fuse-ld=lld -pie -Xlinker -rpath -Xlinker /opt/swift/usr/lib/swift/linux /b/H.o /b/L.o @/b/main.autolink --target=x86_64-unknown-linux-gnu -o '/b/run ner'

            """
        let plan = try #require(
            DriverPlan.parse(output, toolchainBin: bin, inputs: ["/b/H.o", "/b/L.o"], ownFiles: "/b/plans/k"))
        #expect(plan.jobs.count == 2)
        #expect(plan.jobs[1].last == "/b/run ner")
        #expect(plan.jobs[1].contains("@/b/main.autolink"))
    }

    @Test(
        "POSIX quoting is undone exactly",
        arguments: [
            ("'t1 '\\''q.swift'", ["t1 'q.swift"]),
            ("\"a \\\"b\\\" \\\\c\"", ["a \"b\" \\c"]),
            ("a\\ b c", ["a b", "c"]),
            ("''", [""]),
        ])
    func quoting(line: String, words: [String]) {
        #expect(DriverPlan.words(of: line) == words)
    }

    @Test(
        "anything a shell would expand or that is unbalanced is refused",
        arguments: ["'open", "a $HOME", "`x`", "a*", "\"$x\"", "a; b"])
    func refused(line: String) {
        #expect(DriverPlan.words(of: line) == nil)
    }

    @Test("no plan when an input is missing, a job is not the toolchain's or a temporary file is needed")
    func untrusted() {
        let job = "\(bin)/swift-frontend -frontend -c /s/A.swift -o /b/A.o"
        #expect(DriverPlan.parse(job, toolchainBin: bin, inputs: ["/s/A.swift"], ownFiles: "/b/plans/k") != nil)
        #expect(DriverPlan.parse(job, toolchainBin: bin, inputs: ["/s/B.swift"], ownFiles: "/b/plans/k") == nil)
        #expect(
            DriverPlan.parse(
                "/usr/bin/evil -c /s/A.swift", toolchainBin: bin, inputs: ["/s/A.swift"], ownFiles: "/b/plans/k") == nil
        )
        #expect(
            DriverPlan.parse(
                "\(bin)/sub/x /s/A.swift", toolchainBin: bin, inputs: ["/s/A.swift"], ownFiles: "/b/plans/k") == nil)
        #expect(
            DriverPlan.parse(
                job + " -supplementary-output-file-map /tmp/TemporaryDirectory.X/s-1", toolchainBin: bin,
                inputs: ["/s/A.swift"], ownFiles: "/b/plans/k") == nil)
        #expect(
            DriverPlan.parse(
                job + " -supplementary-output-file-map /b/plans/k/TemporaryDirectory.X/s-1", toolchainBin: bin,
                inputs: ["/s/A.swift"], ownFiles: "/b/plans/k") != nil)
        #expect(DriverPlan.parse("", toolchainBin: bin, inputs: [], ownFiles: "/b") == nil)
    }
}
