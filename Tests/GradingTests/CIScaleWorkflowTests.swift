import DIKataCore
import Foundation
import Testing
import Yams

/// `ci init --github --matrix N` and `ci init --classroom`: the jobs and steps each needs.
struct CIScaleWorkflowTests {
    func yaml(_ workflow: CIWorkflow) throws -> [String: Any] {
        try #require(try Yams.load(yaml: workflow.text) as? [String: Any])
    }

    func steps(_ job: Any?) throws -> [[String: Any]] {
        try #require((job as? [String: Any])?["steps"] as? [[String: Any]])
    }

    @Test func theMatrixBuildsOnceGradesNShardsAndMerges() throws {
        let workflow = CIWorkflow(
            provider: .github, dikataURL: "https://example.org/d.git", dikataRef: "v1", minimumScore: "100%",
            matrix: .init(shards: 4, kata: "01-singleton", submissions: "class"))
        let jobs = try #require(try yaml(workflow)["jobs"] as? [String: Any])
        #expect(Set(jobs.keys) == ["build", "grade", "merge"])
        let build = try steps(jobs["build"])
        let buildRun = build.compactMap { $0["run"] as? String }.joined(separator: "\n")
        #expect(buildRun.contains("--product dikata --static-swift-stdlib"))
        #expect(build.contains { ($0["uses"] as? String) == CIWorkflow.actions[2] }, "the binary is an artifact")
        let grade = try #require(jobs["grade"] as? [String: Any])
        #expect(grade["needs"] as? String == "build")
        let matrix = try #require((grade["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        #expect(matrix["shard"] as? [Int] == [1, 2, 3, 4])
        let gradeRun = try steps(grade).compactMap { $0["run"] as? String }.joined(separator: "\n")
        #expect(gradeRun.contains("grade-batch class --kata \"$DIKATA_KATA\""))
        #expect(gradeRun.contains("--shard ${{ matrix.shard }}/4 --out gradebook-${{ matrix.shard }}.json"))
        #expect(!gradeRun.contains("swift build"), "shards reuse the built dikata")
        #expect(gradeRun.contains("DIKATA_KATAS="), "the binary finds the katas it was built with")
        let merge = try #require(jobs["merge"] as? [String: Any])
        #expect(merge["needs"] as? String == "grade")
        let mergeRun = try steps(merge).compactMap { $0["run"] as? String }.joined(separator: "\n")
        #expect(mergeRun.contains("dikata gradebook merge gradebook-*.json --out gradebook.csv"))
    }

    @Test func theClassroomWorkflowHandsThePointsToClassroomsReporter() throws {
        let workflow = CIWorkflow(
            provider: .classroom, dikataURL: "https://example.org/d.git", dikataRef: "v1", minimumScore: "100%")
        #expect(workflow.provider.path == ".github/workflows/classroom.yml")
        let object = try yaml(workflow)
        let jobs = try #require(object["jobs"] as? [String: Any])
        let job = try #require(jobs.values.first as? [String: Any])
        // The reporter looks the check run up by this name.
        #expect(job["name"] as? String == "Autograding Tests")
        let all = try steps(job)
        let grade = try #require(all.first { ($0["id"] as? String) == "dikata" })
        let run = try #require(grade["run"] as? String)
        #expect(run.contains("--format classroom") && run.contains("--exit-zero"))
        #expect(run.contains("base64 -w 0 dikata-classroom.json") && run.contains("$GITHUB_OUTPUT"))
        let reporter = try #require(all.first { ($0["uses"] as? String) == CIWorkflow.classroomReporter })
        let runners = try #require((reporter["with"] as? [String: Any])?["runners"] as? String)
        // The reporter reads each runner's result from <RUNNER>_RESULTS.
        let env = try #require(reporter["env"] as? [String: Any])
        #expect(env["\(runners.uppercased())_RESULTS"] as? String == "${{ steps.dikata.outputs.result }}")
    }
}
