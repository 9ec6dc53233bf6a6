import DIKataCore
import Foundation
import Grading

/// The chained fixture library (`Fixtures/ChainLibrary`): three tiny katas sharing one
/// `KataSupport/` folder. 01-greeter → 02-whisperer is a green link (02's solution removes the
/// delta's Legacy.swift); 02-whisperer → 03-drifted is broken (one changed byte, a break that
/// passes).
public enum ChainFixtures {
    public static let root = Fixtures.root.appendingPathComponent("ChainLibrary", isDirectory: true)

    public static func library() throws -> KataLibrary { try KataLibrary.load(from: root) }

    public static func kata(_ id: String) throws -> Kata {
        guard let kata = try library().kata(id) else {
            throw FixtureError(description: "The chain fixture has no kata \(id).")
        }
        return kata
    }

    /// A copy of the chain library to break on purpose.
    public static func copy() throws -> URL {
        let copy = try Fixtures.temporaryDirectory("chain-library").appendingPathComponent("Katas")
        try FileManager.default.copyItem(at: root, to: copy)
        return copy
    }

    /// A verdict with one result per check id: passed when listed in `passing`.
    public static func verdict(kata: String, checks: [String], passing: Set<String>, problems: [String] = [])
        -> Verdict
    {
        let results = checks.map { id in
            CheckResult(
                id: id, title: id, kind: "contract", status: passing.contains(id) ? .passed : .failed, points: 1,
                maxPoints: 1, advice: nil, message: passing.contains(id) ? nil : "\(id) failed", location: nil,
                output: "", outputDroppedBytes: 0, visibility: .visible, duration: 0)
        }
        return Verdict(
            kata: .init(id: kata, title: kata, stage: 1), checks: results, problems: problems, notes: [],
            isolation: .limitsOnly, duration: 0)
    }
}
