import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// What the check runner says and passes on: skip patterns, crash messages, learner output.
struct CheckRunnerTextTests {
    // MARK: - Skip patterns

    @Test func aSkipPatternMatchesItsTestAndNoOther() throws {
        let pattern = CheckRunner.skipPattern(for: "HiddenChecks.LoginChecks/signIn()/LoginChecks.swift:12:6")
        #expect(pattern == #"^HiddenChecks\.LoginChecks/signIn\(\)(/|$)"#)
        let regex = try Regex(pattern)
        #expect("HiddenChecks.LoginChecks/signIn()/LoginChecks.swift:12:6".contains(regex))
        #expect("HiddenChecks.LoginChecks/signIn()".contains(regex))
        #expect(!"HiddenChecks.LoginChecks/signInTwice()/LoginChecks.swift:20:6".contains(regex))
        #expect(!"HiddenChecks.LoginChecksMore/signIn()/LoginChecksMore.swift:3:6".contains(regex))
        #expect(!"Other.HiddenChecks.LoginChecks/signIn()".contains(regex))
    }

    @Test func everyRegularExpressionCharacterInATestNameIsEscaped() throws {
        let id = #"HiddenChecks.Checks/`a+b*c? [x]{1} | ^$ \ d`(_:to:)/Checks.swift:3:6"#
        let pattern = CheckRunner.skipPattern(for: id)
        #expect(pattern == #"^HiddenChecks\.Checks/`a\+b\*c\? \[x\]\{1\} \| \^\$ \\ d`\(_:to:\)(/|$)"#)
        #expect(id.contains(try Regex(pattern)))
    }

    @Test func onlyASourceLocationSuffixIsDropped() {
        // A suite id has no location; a slash inside the name stays.
        #expect(CheckRunner.skipPattern(for: "HiddenChecks.Checks") == #"^HiddenChecks\.Checks(/|$)"#)
        #expect(
            CheckRunner.skipPattern(for: "HiddenChecks.Outer/Inner/f()") == #"^HiddenChecks\.Outer/Inner/f\(\)(/|$)"#)
    }

    // MARK: - Crashes

    func describe(_ termination: Termination, stderr: String = "") -> (String, DIKataCore.SourceLocation?) {
        let result = ProcessResult(
            termination: termination, stdout: .empty, stderr: CapturedText(text: stderr), duration: 0)
        return CheckRunner.crashDescription(result, output: stderr) { text in
            text.contains("A.swift:7") ? DIKataCore.SourceLocation(file: "Sources/App/A.swift", line: 7) : nil
        }
    }

    @Test func aCrashNamesItsSignalAndTheFatalErrorLineAndPointsThere() {
        let (message, location) = describe(
            .signalled(SIGTRAP), stderr: "noise\n  App/A.swift:7: Fatal error: Index out of range  \nmore")
        #expect(
            message
                == "The check crashed (a trap: fatalError, a force-unwrapped nil, an index out of range or a failed precondition).\nApp/A.swift:7: Fatal error: Index out of range"
        )
        #expect(location == DIKataCore.SourceLocation(file: "Sources/App/A.swift", line: 7))
    }

    @Test func theSandboxsExitStatusForASignalReadsAsThatSignal() {
        // bubblewrap and sh report a child killed by signal N as exit status 128 + N.
        #expect(describe(.exited(128 + SIGSEGV)).0 == "The check crashed (a memory access violation).")
        #expect(describe(.exited(128 + SIGXCPU)).0 == "The check crashed (it used up its CPU time).")
        #expect(describe(.exited(3)).0 == "The check runner stopped unexpectedly (exit code 3).")
        #expect(describe(.exited(128 + 40)).0 == "The check runner stopped unexpectedly (exit code 168).")
    }

    @Test func aPreconditionOrAssertionIsQuotedWithoutALocationItCannotPlace() {
        let (message, location) = describe(
            .signalled(SIGILL), stderr: "Hidden/Checks.swift:3: Precondition failed: boom")
        #expect(message.hasSuffix("\nHidden/Checks.swift:3: Precondition failed: boom"))
        #expect(location == nil)
        #expect(describe(.exited(134), stderr: "Assertion failed").0.hasSuffix("\nAssertion failed"))
    }

    @Test func aRunnerThatCouldNotStartOrWasStoppedSaysSo() {
        #expect(describe(.failedToStart("no such file")).0 == "The check runner could not start: no such file")
        #expect(describe(.stopped).0 == "The check runner stopped unexpectedly.")
    }

    @Test func everySignalALearnerCanCauseHasAName() {
        #expect(CheckRunner.signalName(SIGILL) == CheckRunner.signalName(SIGTRAP))
        #expect(CheckRunner.signalName(SIGBUS) == "a memory access violation")
        #expect(CheckRunner.signalName(SIGABRT) == "abort: often running out of memory")
        #expect(CheckRunner.signalName(SIGXFSZ) == "it wrote a file larger than the limit")
        #expect(CheckRunner.signalName(SIGKILL) == "killed")
        #expect(CheckRunner.signalName(SIGFPE) == "an arithmetic error")
        #expect(CheckRunner.signalName(SIGUSR1) == "signal \(SIGUSR1)")
    }

    // MARK: - Output

    @Test func swiftTestingsProgressLinesAreNotTheLearnersOutput() {
        let text =
            "\n◇ Test run started.\nhello\n↳ Testing Library Version: 6.3\n✔ Test a() passed.\n  indented\n✘ b\n\n"
        #expect(CheckRunner.learnerOutput(text) == "hello\n  indented")
    }
}

/// The event stream's monitor: when a running test is overdue, on the injected clock.
struct StreamMonitorTests {
    let clock = TestClock()
    let id = "HiddenChecks.Checks/a()/Checks.swift:1:6"

    func line(_ kind: String) -> [UInt8] {
        Array(#"{"kind":"event","payload":{"kind":"\#(kind)","testID":"\#(id)"}}"#.utf8) + [UInt8(ascii: "\n")]
    }

    @Test func aTestIsOverdueOnlyOnceItHasRunLongerThanItsLimitOnTheClock() {
        let monitor = StreamMonitor(perTestSeconds: 5, now: clock.now)
        #expect(!monitor.overdue())
        clock.advance(by: 60)
        #expect(!monitor.overdue(), "No test is running: nothing is overdue.")
        monitor.receive(line("testStarted"))
        #expect(!monitor.overdue())
        clock.advance(by: 5)
        #expect(!monitor.overdue())
        clock.advance(by: 0.1)
        #expect(monitor.overdue())
        monitor.receive(line("testEnded"))
        #expect(!monitor.overdue())
        #expect(monitor.finalLog().ended == [id])
    }

    @Test func linesSplitAcrossPiecesAreReadWhole() {
        let monitor = StreamMonitor(perTestSeconds: 5, now: clock.now)
        let bytes = line("testStarted")
        monitor.receive(Array(bytes[..<10]))
        #expect(monitor.finalLog().started.isEmpty)
        monitor.receive(Array(bytes[10...]))
        #expect(monitor.finalLog().started == [id])
    }
}
