/// Something in the learner's code that a kata never allows, found before any of it runs.
///
/// Grading runs learner code in the same process as the hidden checks. So code that could
/// reach files, other processes, the environment, raw memory or the process's exit could
/// also forge, read or outlast a grade: it is refused by name and never run.
public struct Refusal: Equatable, Hashable, Sendable, Codable {
    /// The target whose code uses it.
    public var target: String
    /// What was refused, as the learner would write it: `exit`, `FileManager.default`, `@_cdecl`.
    public var name: String
    public var reason: RefusalReason
    /// Where the learner's code names it, when that could be found.
    public var location: SourceLocation?

    public init(target: String, name: String, reason: RefusalReason, location: SourceLocation? = nil) {
        self.target = target
        self.name = name
        self.reason = reason
        self.location = location
    }

    /// "Refused: Sources/Login/Cheat.swift:4 uses `exit` (ends the process or sends signals). …"
    public var message: String {
        let place = location.map { "\($0)" } ?? "target \(target)"
        let what =
            name.hasPrefix("defines ")
            ? "defines `\(name.dropFirst("defines ".count))`"
            : name.hasPrefix("section ") ? "puts code in the load-time \(name)" : "uses `\(name)`"
        return "Refused: \(place) \(what) (\(reason.summary)). \(reason.why)"
    }
}

/// The families of API a kata refuses, each with the reason in the learner's words.
public enum RefusalReason: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    case files
    case processes
    case environment
    case exit
    case dynamicLoading
    case rawMemory
    case network
    case testing
    case linkerControl
    case unknownModule
    case cFunction

    /// A few words for the message.
    public var summary: String {
        switch self {
        case .files: "files and folders"
        case .processes: "other processes"
        case .environment: "the environment, arguments or process information"
        case .exit: "ends the process or sends signals"
        case .dynamicLoading: "loads code or looks up symbols at run time"
        case .rawMemory: "raw memory"
        case .network: "the network"
        case .testing: "the test framework"
        case .linkerControl: "controls symbols, sections or entry points"
        case .unknownModule: "a module katas do not provide"
        case .cFunction: "a C function katas do not need"
        }
    }

    /// Why katas do not allow it, and what to do instead.
    public var why: String {
        switch self {
        case .files, .processes, .environment, .network:
            "Kata code runs in the same process as the hidden checks, so it may only use what the kata's README describes: pass data in through initializers instead of reading it from the machine."
        case .exit:
            "Every check must run to its end; return or throw instead."
        case .dynamicLoading, .rawMemory, .linkerControl:
            "It could reach memory or code that belongs to the hidden checks, so katas never allow it; plain Swift types and protocols are all a kata needs."
        case .testing:
            "Only the kata's hidden checks are tests; write your own tests in a test target (they are not graded)."
        case .unknownModule, .cFunction:
            "Katas build with Swift, Foundation basics and the kata's own targets; remove it or use a Swift API the README mentions."
        }
    }
}
