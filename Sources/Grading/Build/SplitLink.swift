import Foundation

/// The check runner linked in two parts: the learner's objects into a shared library beside the
/// runner, and the hidden checks into the runner, which loads that library when it starts.
///
/// Linking the runner whole reads the Swift runtime, Foundation and Swift Testing (their symbol
/// tables are 17 of the 35 ms the link takes on kata 05); linking the learner's objects alone reads
/// no library at all (a shared library may leave symbols to be found when it is loaded), about
/// 10 ms. After a body edit nothing the runner links against has changed, so only the library is
/// linked again. Both commands are the ones the driver planned for the whole link (its
/// `ld.lld` job, see ``DriverPlan``), changed only where a shared library differs from an
/// executable; a plan of any other shape is not split.
///
/// The library comes last in the runner's list of libraries, so the dynamic loader finds every
/// symbol in the runner, the Swift runtime, Foundation and Swift Testing before it looks in the
/// learner's code: that code cannot stand in for a function of any of them (linked whole, a
/// definition of the same name in the learner's objects would have been linked in place of the
/// library's).
struct SplitLink: Equatable, Sendable {
    /// The library's file name, also its `DT_SONAME`: the runner finds it in its own folder.
    static let libraryName = "libLearnerCode.so"

    /// Links the learner's objects into the library.
    var library: [String]
    /// The jobs that prepare the runner's link (reading the objects' autolink flags), in order.
    var prepare: [[String]]
    /// Links the hidden objects and the library into the runner.
    var runner: [String]

    /// The split of `plan`, the driver's plan for linking `hidden` and `learner` objects into
    /// `runner`; nil unless it is the expected shape: jobs that prepare, then one `ld.lld` job
    /// that makes a position-independent executable at `runner` and names every object once.
    init?(plan: DriverPlan, hidden: [String], learner: [String], runner: String, library: String) {
        guard let link = plan.jobs.last, let program = link.first,
            URL(fileURLWithPath: program).lastPathComponent == "ld.lld",
            link.filter({ $0 == "-pie" }).count == 1,
            let output = link.firstIndex(of: "-o"), output + 1 < link.count, link[output + 1] == runner,
            link.filter({ $0 == "-o" }).count == 1,
            (hidden + learner).allSatisfy({ object in link.filter { $0 == object }.count == 1 }),
            Set(hidden).isDisjoint(with: learner), !learner.isEmpty,
            !link.contains(where: { $0.hasPrefix("-soname") || $0 == "-shared" || $0 == "-static" })
        else { return nil }
        let learnerObjects = Set(learner)
        let hiddenObjects = Set(hidden)

        var shared: [String] = [program]
        var words = link.dropFirst().makeIterator()
        while let word = words.next() {
            switch word {
            case "-pie": shared.append("-shared")
            case "-dynamic-linker": _ = words.next()
            case "-o":
                _ = words.next()
                shared += ["-o", library]
            case _ where hiddenObjects.contains(word): continue
            case _ where Self.isProgramStart(word): continue
            // No library is read: the runner loads them before this one. `libgcc.a` stays (an
            // archive of compiler helpers, linked into the library as into any executable).
            case "--as-needed", "--no-as-needed": continue
            case _ where word.hasPrefix("@") || (word.hasPrefix("-l") && word != "-lgcc"): continue
            default: shared.append(word)
            }
        }
        self.library = shared + ["-soname", Self.libraryName]
        self.prepare = Array(plan.jobs.dropLast())
        // Last on the line, so last in the runner's list of libraries; found in the runner's folder.
        self.runner = link.filter { !learnerObjects.contains($0) } + [library, "-rpath", "$ORIGIN"]
    }

    /// The C runtime's start-up object of an executable (`Scrt1.o`, `crt1.o`, `rcrt1.o`), which a
    /// library must not contain.
    static func isProgramStart(_ word: String) -> Bool {
        ["Scrt1.o", "crt1.o", "rcrt1.o", "gcrt1.o"].contains(word.split(separator: "/").last.map(String.init) ?? word)
    }
}
