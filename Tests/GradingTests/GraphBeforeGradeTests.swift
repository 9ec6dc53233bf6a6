import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

extension Slow {
    /// The graph opened before the first grade reads the package itself (issue 14 bug 5).
    struct GraphBeforeGradeTests {
        @Test func theGraphOfAPackageNeverGradedIsReadFromThePackage() async throws {
            let kata = try Fixtures.loginKata()
            let package = try Fixtures.temporaryDirectory("graph-first").appendingPathComponent("pkg")
            try KataPackage.assemble(kata, overlays: [], into: package)
            let grader = try await Fixtures.grader()

            #expect(grader.graph(for: kata, package: package) == nil, "no grade has read it yet")
            let graph = try #require(await grader.readGraph(for: kata, package: package))
            #expect(graph.targets.map(\.name).sorted() == ["APIClient", "Login"])
            #expect(graph.targets.first { $0.name == "Login" }?.dependencies == ["APIClient"])
            // The next time, the graph is there without reading anything.
            #expect(grader.graph(for: kata, package: package) == graph)
        }
    }
}
