import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

/// grade-batch gives every entry of a class folder a row, and its shards merge into the
/// gradebook one run writes (a scripted grader: no compiler runs).
struct BatchEntriesTests {
    /// A minimal package at `folder`.
    func makePackage(at folder: URL) throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/Login"), withIntermediateDirectories: true)
        try "// swift-tools-version:6.0\n".write(
            to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "struct Login {}\n".write(
            to: folder.appendingPathComponent("Sources/Login/Login.swift"), atomically: true, encoding: .utf8)
    }

    func file(_ text: String, at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A batch that passes every package it grades and logs its folder's name.
    func batch(_ log: CallLog<String>) -> BatchGrader {
        BatchGrader(jobs: 2, dikataVersion: "1.0") { _, package in
            log.append(package.lastPathComponent)
            return SampleVerdicts.passing
        }
    }

    /// Unpacks `good.zip` as a "Download ZIP" folder holding a package; any other zip is broken.
    func scriptedUnzip(_ log: CallLog<String>) -> @Sendable (URL, URL) async -> String? {
        { zip, folder in
            log.append(zip.lastPathComponent)
            guard zip.lastPathComponent == "bob.zip" else { return "End-of-central-directory signature not found" }
            try? BatchEntriesTests().makePackage(at: folder.appendingPathComponent("bob-main"))
            return nil
        }
    }

    @Test func everyEntryOfTheClassFolderGetsARowSayingWhy() async throws {
        let folder = try Fixtures.temporaryDirectory("class")
        try makePackage(at: folder.appendingPathComponent("ada"))
        try file("zip", at: folder.appendingPathComponent("bob.zip"))
        try makePackage(at: folder.appendingPathComponent("cy/00-warm-up"))
        try makePackage(at: folder.appendingPathComponent("dee/dee-main/inner"))
        try file("# empty\n", at: folder.appendingPathComponent("dee/dee-main/README.md"))
        try makePackage(at: folder.appendingPathComponent(".eve"))
        try file("x", at: folder.appendingPathComponent("broken.zip"))
        try file("notes", at: folder.appendingPathComponent("notes.txt"))
        try file("", at: folder.appendingPathComponent(".DS_Store"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("fay"), withIntermediateDirectories: true)
        let unzipped = CallLog<String>()
        let scratch = try Fixtures.temporaryDirectory("scratch")
        let entries = BatchEntries(scratch: scratch, unzip: scriptedUnzip(unzipped))
        let submissions = try await entries.submissions(in: folder, kataID: "00-warm-up")
        #expect(submissions.map(\.name) == [".eve", "bob", "broken", "ada", "cy", "dee", "fay", "notes.txt"].sorted())
        #expect(unzipped.all == ["bob.zip", "broken.zip"])
        let graded = CallLog<String>()
        let book = await batch(graded).grade(try Fixtures.loginKata(), submissions: submissions, previous: nil)
        #expect(book.rows.count == 8, "every entry but the hidden file has a row")
        #expect(Set(graded.all) == ["ada", "bob-main", "00-warm-up", "inner"])
        let errors = Dictionary(uniqueKeysWithValues: book.rows.map { ($0.submission, $0.error ?? "") })
        #expect(errors[".eve"]?.contains("hidden folder") == true)
        #expect(errors["broken"] == "broken.zip: End-of-central-directory signature not found")
        #expect(errors["notes.txt"]?.contains("not a submission folder or a .zip") == true)
        #expect(errors["fay"]?.hasPrefix("No Package.swift in fay") == true)
        // Every error row scores 0 of the kata's maximum, so a spreadsheet's average counts it.
        let csv = book.csv().split(separator: "\r\n")
        let fay = try #require(csv.first { $0.hasPrefix("fay,") })
        #expect(fay.hasPrefix("fay,0,11,0,7,error,,"))
    }

    @Test func theLiveUnzipUnpacksThroughTheProcessRunner() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zip"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip")
        else {
            try #require(ProcessInfo.processInfo.environment["CI"] != "true", "CI installs zip and unzip")
            return
        }
        let runner = PosixProcessRunner(now: { Date() })
        let source = try Fixtures.temporaryDirectory("zip-source")
        try makePackage(at: source.appendingPathComponent("ada-main"))
        let folder = try Fixtures.temporaryDirectory("class")
        let zip = folder.appendingPathComponent("ada.zip").path
        let made = await runner.run(
            ProcessRequest(
                executable: "/usr/bin/zip", arguments: ["-qr", zip, "ada-main"],
                environment: [:], workingDirectory: source.path, timeout: 20, purpose: "zip a submission"))
        #expect(made.termination.succeeded)
        try file("not a zip", at: folder.appendingPathComponent("bob.zip"))
        // A scratch folder not made yet, as grade-batch's is.
        let scratch = try Fixtures.temporaryDirectory("scratch").appendingPathComponent("dikata-batch-1/zips")
        let entries = BatchEntries.live(runner: runner, scratch: scratch)
        let submissions = try await entries.submissions(in: folder, kataID: "00-warm-up")
        #expect(submissions.map(\.name) == ["ada", "bob"])
        #expect(submissions[0].problem == nil && submissions[0].package.lastPathComponent == "ada-main")
        let problem = try #require(submissions[1].problem)
        #expect(problem.hasPrefix("bob.zip: unzip failed"))
        #expect(!problem.contains(folder.path), "no grader path: \(problem)")
    }

    @Test func aRowNamesFilesFromThePackageNeverByAbsolutePath() async throws {
        let folder = try Fixtures.temporaryDirectory("class")
        try makePackage(at: folder.appendingPathComponent("ada"))
        var batch = BatchGrader(jobs: 1, dikataVersion: "1.0") { _, package in
            throw GradingError.configuration("cannot copy \(package.path)/Sources/Login/Login.swift to /cache/x/y")
        }
        batch.graderFolders = ["/cache"]
        let book = await batch.grade(
            try Fixtures.loginKata(), submissions: try BatchGrader.submissions(in: folder, kataID: "00-warm-up"),
            previous: nil)
        let error = try #require(book.rows.first?.error)
        #expect(error.contains("cannot copy Sources/Login/Login.swift to <dikata>/…/y"), "\(error)")
    }

    @Test func shardsMergeIntoTheGradebookOfOneRunByteForByte() async throws {
        let names = ["ada", "bob", "cy", "dee", "eve", "fay", "gus"]
        let folder = try Fixtures.temporaryDirectory("class")
        for name in names { try makePackage(at: folder.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("hal"), withIntermediateDirectories: true)
        let kata = try Fixtures.loginKata()
        let all = try BatchGrader.submissions(in: folder, kataID: kata.id)
        let out = try Fixtures.temporaryDirectory("books")

        func run(_ submissions: [BatchGrader.Submission], into name: String) async throws -> URL {
            let file = out.appendingPathComponent(name)
            let journal = GradebookJournal(out: file, kata: kata, previous: nil)
            _ = await batch(CallLog<String>()).grade(
                kata, submissions: submissions, previous: nil, finished: { journal.record($0) })
            try journal.flush()
            return file
        }
        let whole = try await run(all, into: "all.json")
        var shards: [Gradebook] = []
        var seen: [String] = []
        for index in 1...3 {
            let shard = try #require(GradebookShard("\(index)/3"))
            let slice = shard.select(all, name: \.name)
            seen += slice.map(\.name)
            let file = try await run(slice, into: "shard-\(index).json")
            shards.append(try Gradebook.decode(json: try String(contentsOf: file, encoding: .utf8)))
        }
        #expect(seen.sorted() == all.map(\.name).sorted(), "each entry in exactly one shard")
        #expect(shards.map(\.rows.count) == [3, 3, 2])
        let merged = try Gradebook.merged(shards)
        #expect(merged.json() == (try String(contentsOf: whole, encoding: .utf8)))
        let unsharded = try Gradebook.decode(json: try String(contentsOf: whole, encoding: .utf8))
        #expect(merged.csv() == unsharded.csv())
        #expect(throws: Gradebook.MergeError.duplicate("ada")) { try Gradebook.merged([shards[0], shards[0]]) }
        #expect(GradebookShard("0/3") == nil && GradebookShard("4/3") == nil && GradebookShard("1/0") == nil)
    }

    @Test func aGradebookWrittenBeforeMaxPointsStillReads() throws {
        let old =
            #"{"checks":["a"],"kata":"00-warm-up","rows":[{"content_hash":"h","error":"broken","submission":"ada"}]}"#
        let book = try Gradebook.decode(json: old)
        #expect(book.maxPoints == nil)
        #expect(book.csv().split(separator: "\r\n")[1] == "ada,0,,0,1,error,,broken,")
    }
}
