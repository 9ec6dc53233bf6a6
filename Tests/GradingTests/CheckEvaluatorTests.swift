import DIKataCore
import Foundation
import TestSupport
import Testing

@testable import Grading

/// Every kind of check has exactly one evaluator, and each says what its checks inspect.
struct CheckEvaluatorTests {
    static let everyKind: [CheckKind] = [
        .contract(probe: "contract/a.swift"), .isolatedContract(probe: "contract/b.swift"),
        .negative(probe: "negative/c.swift", expect: nil), .behaviour(test: "works"), .manifest(target: "Login"),
        .imports(targets: []), .lint(pattern: "x", paths: [], mustMatch: false),
        .lintCount(pattern: "x", paths: [], maxMatches: 1),
        .surface(rule: .noTaskLocal, targets: ["Login"]), .buildVariant(defines: ["RELEASE"], tests: ["works"]),
    ]

    @Test(arguments: everyKind) func eachKindHasExactlyOneEvaluator(_ kind: CheckKind) {
        let judges = CheckEvaluators.all.filter { $0.judges(kind) }
        #expect(judges.count == 1, "\(kind.name) is judged by \(judges.count) evaluators")
    }

    /// The kata that has a check of every kind.
    @Test func theTestCodeOfEachCheckIsItsSourceOrItsRule() throws {
        for kata in [try Fixtures.kata("05-dependency-inversion")] {
            let index = TestCodeIndex.make(for: kata)
            for check in kata.manifest.checks {
                let code = try #require(index[check.id], "\(kata.id)/\(check.id) has no test code")
                switch check.kind {
                case .behaviour(let test):
                    #expect(code.contains("func \(BehaviourEvaluator.functionName(test))("))
                case .contract(let probe), .isolatedContract(let probe), .negative(let probe, _):
                    #expect(
                        code == (try String(contentsOf: kata.hidden.appendingPathComponent(probe), encoding: .utf8)))
                case .manifest(let target): #expect(code.hasPrefix("Package.swift: ") && code.contains(target))
                case .imports: #expect(code.hasPrefix("Every import in "))
                case .lint(let pattern, _, _), .lintCount(let pattern, _, _):
                    #expect(code.hasPrefix("/\(pattern)/ must"))
                case .surface(let rule, _): #expect(code.hasSuffix(rule.summary))
                case .buildVariant(let defines, _): #expect(code.hasPrefix("Built with -D \(defines[0])"))
                }
            }
        }
    }

    @Test func aLintPathNamesTheTargetsRealFolder() {
        let package = LearnerPackage(
            name: "Kata",
            targets: [LearnerPackage.Target(name: "Login", type: .regular, path: "./Code/Login/", dependencies: [])])
        #expect(LintEvaluator.resolve("Sources/Login/View.swift", in: package) == "Code/Login/View.swift")
        #expect(LintEvaluator.resolve("Sources/Login", in: package) == "Code/Login")
        #expect(LintEvaluator.resolve("Sources/Other/View.swift", in: package) == "Sources/Other/View.swift")
    }
}
