import DIKataCore
import Foundation
import Grading
import TestSupport
import Testing

/// grade-batch's reuse key and its journal, with a scripted grader (no compiler runs).
struct BatchResumeTests {
    /// A class folder with one package per name (a manifest, a source file and a README).
    func classFolder(_ names: [String]) throws -> URL {
        let folder = try Fixtures.temporaryDirectory("class")
        for name in names {
            let package = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: package.appendingPathComponent("Sources/Login"), withIntermediateDirectories: true)
            try "// swift-tools-version:6.0\n".write(
                to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "struct Login {}\n".write(
                to: package.appendingPathComponent("Sources/Login/Login.swift"), atomically: true, encoding: .utf8)
            try "# Mine\n".write(to: package.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// A batch whose grader logs each package it grades and passes it.
    func batch(_ log: CallLog<String>, version: String = "1.0") -> BatchGrader {
        BatchGrader(jobs: 2, dikataVersion: version) { _, package in
            log.append(package.lastPathComponent)
            return SampleVerdicts.passing
        }
    }

    /// The login kata copied, so a test may change it.
    func kataCopy() throws -> Kata {
        let copy = try Fixtures.temporaryDirectory("kata").appendingPathComponent("00-warm-up")
        try FileManager.default.copyItem(
            at: Fixtures.loginLibrary.appendingPathComponent("00-warm-up"), to: copy)
        return try KataLibrary.loadKata(copy, listedAs: "00-warm-up")
    }

    @Test func regradesOnlyWhenAGradedFileTheKataOrDikataChanges() async throws {
        let folder = try classFolder(["ada"])
        var kata = try kataCopy()
        let submissions = try BatchGrader.submissions(in: folder, kataID: kata.id)
        let log = CallLog<String>()
        var book = await batch(log).grade(kata, submissions: submissions, previous: nil)
        #expect(log.all == ["ada"])

        func again(_ batch: BatchGrader, regrade: Bool = false) async -> Int {
            let before = log.all.count
            book = await batch.grade(kata, submissions: submissions, previous: book, regrade: regrade)
            return log.all.count - before
        }
        #expect(await again(batch(log)) == 0, "nothing changed")
        try "# Mine, edited\n".write(
            to: folder.appendingPathComponent("ada/README.md"), atomically: true, encoding: .utf8)
        #expect(await again(batch(log)) == 0, "a README is not graded")
        try "struct Login { var name = \"\" }\n".write(
            to: folder.appendingPathComponent("ada/Sources/Login/Login.swift"), atomically: true, encoding: .utf8)
        #expect(await again(batch(log)) == 1, "a source file changed")
        #expect(await again(batch(log, version: "1.1")) == 1, "another dikata")
        #expect(await again(batch(log, version: "1.1"), regrade: true) == 1, "--regrade")
        // The kata's points change: every submission is graded again.
        let manifest = kata.directory.appendingPathComponent("kata.yaml")
        let yaml = try String(contentsOf: manifest, encoding: .utf8)
        try yaml.replacingOccurrences(of: "points: 2", with: "points: 3").write(
            to: manifest, atomically: true, encoding: .utf8)
        #expect(yaml.contains("points: 2"))
        kata = try KataLibrary.loadKata(kata.directory, listedAs: kata.id)
        #expect(await again(batch(log, version: "1.1")) == 1, "kata.yaml changed")
        // So do its hidden checks.
        let hidden = try #require(FolderWalk(kata.hidden).files().first { $0.hasSuffix(".swift") })
        let file = kata.hidden.appendingPathComponent(hidden)
        try (try String(contentsOf: file, encoding: .utf8) + "\n// stricter\n").write(
            to: file, atomically: true, encoding: .utf8)
        #expect(await again(batch(log, version: "1.1")) == 1, "a hidden check changed")
        #expect(await again(batch(log, version: "1.1")) == 0)
        // A state file written before the kata hash existed is graded again.
        book.rows = book.rows.map { row in
            var old = row
            old.kataHash = nil
            return old
        }
        #expect(await again(batch(log, version: "1.1")) == 1)
    }

    @Test func anInterruptKeepsTheFinishedRowsOnDiskAndStopsTheRest() async throws {
        let folder = try classFolder(["ada", "bob", "cy"])
        let kata = try Fixtures.loginKata()
        let out = try Fixtures.temporaryDirectory("gradebook").appendingPathComponent("grades.csv")
        let journal = GradebookJournal(out: out, kata: kata, previous: nil)
        let (signals, send) = InterruptSignals.manual()
        let cancelled = CallLog<String>()
        let batch = BatchGrader(jobs: 1, dikataVersion: "1.0") { _, package in
            let name = package.lastPathComponent
            guard name == "ada" else {
                // bob hangs until the batch is stopped; cy never starts.
                send(SIGTERM)
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
                cancelled.append(name)
                return SampleVerdicts.passing
            }
            return SampleVerdicts.passing
        }
        let outcome = await batch.grade(
            kata, submissions: try BatchGrader.submissions(in: folder, kataID: kata.id), previous: nil,
            regrade: false, interrupts: signals, finished: { journal.record($0) })
        #expect(outcome.interruptedBy == SIGTERM)
        #expect(outcome.gradebook.rows.map(\.submission) == ["ada"])
        #expect(cancelled.all == ["bob"])
        let csv = try String(contentsOf: out, encoding: .utf8).split(separator: "\r\n")
        #expect(csv.count == 2 && csv[1].hasPrefix("ada,"))
        let state = try #require(GradebookJournal.previousState(of: out))
        #expect(state.rows.map(\.submission) == ["ada"])
    }

    @Test func withoutASignalTheBatchRunsToTheEnd() async throws {
        let folder = try classFolder(["ada", "bob"])
        let log = CallLog<String>()
        let outcome = await batch(log).grade(
            try Fixtures.loginKata(), submissions: try BatchGrader.submissions(in: folder, kataID: "00-warm-up"),
            previous: nil, regrade: false, interrupts: .never)
        #expect(outcome.interruptedBy == nil)
        #expect(outcome.gradebook.rows.map(\.submission) == ["ada", "bob"])
    }

    @Test func theJournalKeepsEarlierRowsInTheStateUntilTheyAreGradedAgain() throws {
        let kata = try Fixtures.loginKata()
        let out = try Fixtures.temporaryDirectory("gradebook").appendingPathComponent("grades.json")
        let earlier = Gradebook(
            kata: kata.id, checks: [],
            rows: ["ada", "bob"].map {
                Gradebook.Row(submission: $0, contentHash: "old", verdict: SampleVerdicts.passing, error: nil)
            })
        let journal = GradebookJournal(out: out, kata: kata, previous: earlier)
        journal.record(Gradebook.Row(submission: "bob", contentHash: "new", verdict: nil, error: "broken"))
        let written = try Gradebook.decode(json: try String(contentsOf: out, encoding: .utf8))
        #expect(written.rows.map(\.submission) == ["bob"])
        let state = try #require(GradebookJournal.previousState(of: out))
        #expect(state.rows.map(\.submission) == ["ada", "bob"])
        #expect(state.rows.map(\.contentHash) == ["old", "new"])
        // No temporary files are left next to the gradebook.
        let files = try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)
        #expect(files.sorted() == ["grades.json", "grades.json.state.json"])
    }

    @Test func aCancelledProcessIsStoppedWithItsGroup() async throws {
        let runner = PosixProcessRunner(now: { Date() })
        let started = Date()
        let task = Task {
            await runner.run(
                ProcessRequest(
                    executable: "/bin/sh", arguments: ["-c", "sleep 47.25 & sleep 47.25"], environment: [:],
                    timeout: 60, purpose: "wait"))
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let result = await task.value
        #expect(result.termination == .stopped)
        // It did not wait for the sleeps (how fast it stopped is not this test's business)...
        #expect(Date().timeIntervalSince(started) < 45)
        // ...and the sleep the shell started in the background went with it.
        let survivors = await Slow.HostileSubmissionTests.processesStillRunning(commandLineContaining: "sleep 47.25")
        #expect(survivors.isEmpty, "still running: \(survivors)")
    }
}
