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
            // Bytes outside ASCII are word bytes wherever they are, escaped or quoted alike.
            ("'ü x'\\ é \"ö\\ä\"\tz", ["ü x é", "ö\\ä", "z"]),
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

    // MARK: - Plans shared by build folders (issue 15: every package has a build folder of its own)

    @Test("a plan moves to another build folder, its paths in the jobs and in the driver's JSON files alike")
    func relocation() throws {
        let a = "/c/builds/k-aaaa"
        let files = "\(a)/driver-plans/1111"
        let map =
            "{\"\\/c\\/builds\\/k-aaaa\\/snapshot\\/L.swift\" : {\"swiftdoc\" : \"\\/c\\/builds\\/k-aaaa\\/L.swiftdoc\"}}"
        let plan = DriverPlan(jobs: [
            [
                "\(bin)/swift-frontend", "-frontend", "-c", "\(a)/snapshot/L.swift", "-supplementary-output-file-map",
                "\(files)/TemporaryDirectory.x/s-1", "-file-compilation-dir", a, "-o", "\(a)/targets/L/L.o",
            ]
        ])
        let relocatable = try #require(
            RelocatablePlan.relocating(plan, buildFolder: a, ownFiles: files, files: ["TemporaryDirectory.x/s-1": map]))
        // `instantiated` skips words without this: both placeholders must hold it.
        #expect([RelocatablePlan.buildToken, RelocatablePlan.ownFilesToken].allSatisfy { $0.contains("@DIKATA-") })
        #expect(!relocatable.jobs.joined().contains { $0.contains("k-aaaa") })
        // Back where it was made: exactly the plan and the file.
        let back = relocatable.instantiated(buildFolder: a, ownFiles: files)
        #expect(back.plan == plan && back.files == ["TemporaryDirectory.x/s-1": map])
        // In another build folder: every path is that folder's, in both spellings.
        let b = "/c/builds/k-bbbb"
        let there = relocatable.instantiated(buildFolder: b, ownFiles: "\(b)/driver-plans/2222")
        #expect(
            there.plan.jobs[0] == [
                "\(bin)/swift-frontend", "-frontend", "-c", "\(b)/snapshot/L.swift", "-supplementary-output-file-map",
                "\(b)/driver-plans/2222/TemporaryDirectory.x/s-1", "-file-compilation-dir", b, "-o",
                "\(b)/targets/L/L.o",
            ])
        #expect(there.files["TemporaryDirectory.x/s-1"] == map.replacingOccurrences(of: "k-aaaa", with: "k-bbbb"))
        #expect(
            DriverPlan.trusted(
                there.plan.jobs, toolchainBin: bin, inputs: ["\(b)/snapshot/L.swift"],
                ownFiles: "\(b)/driver-plans/2222") != nil)
    }

    @Test("a plan that still names its build folder some other way is never shared")
    func unrelocatable() throws {
        let a = "/c/builds/k-aaaa"
        let plan = DriverPlan(jobs: [["\(bin)/swift-frontend", "-frontend", "-c", "/c/builds/./k-aaaa/L.swift"]])
        #expect(RelocatablePlan.relocating(plan, buildFolder: a, ownFiles: "\(a)/driver-plans/1", files: [:]) == nil)
        let job = DriverPlan(jobs: [["\(bin)/swift-frontend", "\(a)/L.swift"]])
        #expect(RelocatablePlan.relocating(job, buildFolder: a, ownFiles: "\(a)/driver-plans/1", files: [:]) != nil)
        let named = ["s-1": "{\"k-aaaa/L.swift\": {}}"]
        #expect(RelocatablePlan.relocating(job, buildFolder: a, ownFiles: "\(a)/driver-plans/1", files: named) == nil)
        // The plan's own files are replaced wherever they are, inside the build folder or not.
        let elsewhere = DriverPlan(jobs: [["\(bin)/swift-frontend", "/p/own-1/s-1", "-o", "\(a)/L.o"]])
        let moved = try #require(
            RelocatablePlan.relocating(elsewhere, buildFolder: a, ownFiles: "/p/own-1", files: [:]))
        #expect(
            moved.jobs[0] == [
                "\(bin)/swift-frontend", "\(RelocatablePlan.ownFilesToken)/s-1", "-o",
                "\(RelocatablePlan.buildToken)/L.o",
            ])
        #expect(RelocatablePlan.isPlainName("05-dependency-inversion-1a2b3c4d5e6f"))
        #expect(
            !RelocatablePlan.isPlainName("a b") && !RelocatablePlan.isPlainName("")
                && !RelocatablePlan.isPlainName("x\"y"))
    }
}
