import Foundation
import Testing

@testable import Grading

@Suite("Split link: the learner's objects in a library, the hidden checks in the runner")
struct SplitLinkTests {
    static let bin = "/opt/swift/usr/bin"
    static let hidden = ["/b/checks/HiddenChecks/HiddenChecks.o", "/b/checks/HiddenChecks1/HiddenChecks1.o"]
    static let learner = ["/b/targets/Login/Login.o", "/b/targets/App/App.o"]
    static let runner = "/b/checks/bin/runner"
    static let library = "/b/checks/bin/libLearnerCode.so"

    /// The two jobs of the driver's plan for linking the runner whole on Linux, as `swiftc -###`
    /// prints them (the clang job already replaced by the `ld.lld` command clang runs).
    static func plan(link: [String]? = nil) -> DriverPlan {
        let autolink = ["\(bin)/swift-autolink-extract"] + hidden + learner + ["-o", "/b/checks/runner.autolink"]
        let lld =
            [
                "\(bin)/ld.lld", "--hash-style=gnu", "--eh-frame-hdr", "-m", "elf_x86_64", "-pie", "-dynamic-linker",
                "/lib64/ld-linux-x86-64.so.2", "-o", runner, "/lib/x86_64-linux-gnu/Scrt1.o",
                "/lib/x86_64-linux-gnu/crti.o", "/usr/lib/gcc/x86_64-linux-gnu/12/crtbeginS.o",
                "-L/opt/swift/usr/lib/swift/linux", "--build-id", "-rpath", "/opt/swift/usr/lib/swift/linux",
                "/opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o",
            ] + hidden + learner + [
                "@/b/checks/runner.autolink", "-lswiftCore", "-lgcc", "--as-needed", "-lgcc_s", "--no-as-needed", "-lc",
                "/usr/lib/gcc/x86_64-linux-gnu/12/crtendS.o", "/lib/x86_64-linux-gnu/crtn.o",
            ]
        return DriverPlan(jobs: [autolink, link ?? lld])
    }

    static func split(_ plan: DriverPlan, hidden: [String] = hidden, learner: [String] = learner) -> SplitLink? {
        SplitLink(plan: plan, hidden: hidden, learner: learner, runner: runner, library: library)
    }

    @Test("the library links the learner's objects alone, reading no library but libgcc's helpers")
    func library() throws {
        let split = try #require(Self.split(Self.plan()))
        let words = split.library
        #expect(words.first == "\(Self.bin)/ld.lld")
        #expect(words.contains("-shared") && !words.contains("-pie"))
        #expect(!words.contains("-dynamic-linker") && !words.contains("/lib64/ld-linux-x86-64.so.2"))
        #expect(!words.contains { $0.hasSuffix("Scrt1.o") })
        #expect(words.contains("/opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o"), "its own metadata registration")
        #expect(words.contains("/usr/lib/gcc/x86_64-linux-gnu/12/crtbeginS.o"))
        #expect(Self.learner.allSatisfy(words.contains))
        #expect(!Self.hidden.contains(where: words.contains))
        #expect(!words.contains { $0.hasPrefix("@") })
        #expect(words.filter { $0.hasPrefix("-l") } == ["-lgcc"])
        #expect(!words.contains("--as-needed") && !words.contains("--no-as-needed"))
        let output = try #require(words.firstIndex(of: "-o"))
        #expect(words[output + 1] == Self.library)
        #expect(words.suffix(2) == ["-soname", SplitLink.libraryName])
    }

    @Test("the runner links the hidden objects and loads the library last, from its own folder")
    func runner() throws {
        let split = try #require(Self.split(Self.plan()))
        let words = split.runner
        #expect(words.contains("-pie") && words.contains("-dynamic-linker"))
        #expect(words.contains { $0.hasSuffix("Scrt1.o") })
        #expect(Self.hidden.allSatisfy(words.contains))
        #expect(!Self.learner.contains(where: words.contains))
        #expect(words.contains("@/b/checks/runner.autolink"), "every library the learner's code needs, loaded first")
        #expect(words.suffix(3) == [Self.library, "-rpath", "$ORIGIN"])
        #expect(split.prepare == [Self.plan().jobs[0]], "the autolink flags are read first")
    }

    @Test("a plan of any other shape is linked whole")
    func otherShapes() {
        let lld = Self.plan().jobs[1]
        let clang = ["\(Self.bin)/clang", "-pie", "-o", Self.runner] + Self.hidden + Self.learner
        #expect(Self.split(Self.plan(link: clang)) == nil, "clang was kept: its linker command is not known")
        #expect(Self.split(Self.plan(link: lld.filter { $0 != "-pie" })) == nil)
        #expect(Self.split(Self.plan(link: lld + ["-shared"])) == nil)
        #expect(Self.split(Self.plan(link: lld + ["-o", "/b/other"])) == nil)
        #expect(Self.split(Self.plan(link: lld.filter { $0 != Self.learner[0] })) == nil, "an object not linked")
        #expect(Self.split(Self.plan(link: lld + [Self.learner[0]])) == nil, "an object linked twice")
        #expect(Self.split(Self.plan(), learner: []) == nil)
        #expect(Self.split(Self.plan(), hidden: Self.hidden + [Self.learner[0]]) == nil)
        #expect(
            SplitLink(
                plan: Self.plan(), hidden: Self.hidden, learner: Self.learner, runner: "/b/elsewhere",
                library: Self.library) == nil)
    }
}
