import Foundation

/// JUnit XML: one `<testsuite>` per kata, one `<testcase>` per check. A failed check is a
/// `<failure>` whose message is the advice; build errors, crashes and time-outs are `<error>`s;
/// checks that did not run are `<skipped>`, except when the submission could not be graded at
/// all (no package, a broken manifest, a missing kata folder): then every check is an `<error>`,
/// so a JUnit dashboard never shows an ungraded submission as green. Captured output goes to
/// `<system-out>`.
public struct JUnitReport: Sendable {
    public init() {}

    public func render(_ verdicts: [Verdict], context: ReportContext) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let all = verdicts.flatMap(\.checks)
        lines.append(
            "<testsuites name=\"dikata\" tests=\"\(all.count)\" failures=\"\(all.filter { $0.status == .failed }.count)\" errors=\"\(verdicts.reduce(0) { $0 + errors(in: $1) })\" time=\"\(seconds(verdicts.reduce(0) { $0 + $1.duration }))\">"
        )
        for verdict in verdicts {
            let checks = verdict.checks
            lines.append(
                "  <testsuite name=\"\(xml(verdict.kata.id))\" tests=\"\(checks.count)\" failures=\"\(checks.filter { $0.status == .failed }.count)\" errors=\"\(errors(in: verdict))\" skipped=\"\(checks.filter { $0.status == .notRun }.count - ungraded(verdict))\" time=\"\(seconds(verdict.duration))\">"
            )
            if !verdict.problems.isEmpty || !verdict.notes.isEmpty {
                lines.append("    <properties>")
                // Names stay unique (`note`, `note.2`, …): some parsers read properties into a dictionary.
                for (name, value) in Self.properties(verdict) {
                    lines.append("      <property name=\"\(xml(name))\" value=\"\(xml(value))\"/>")
                }
                lines.append("    </properties>")
            }
            for check in checks {
                var body = check.message ?? ""
                var place = ""
                if let location = check.location {
                    let path = context.repositoryPath(verdict.kata.id, location.file)
                    body += "\nat \(path):\(location.line)"
                    place = " file=\"\(xml(path))\" line=\"\(location.line)\""
                }
                lines.append(
                    "    <testcase classname=\"\(xml(verdict.kata.id))\" name=\"\(xml(check.title))\"\(place) time=\"\(seconds(check.duration))\">"
                )
                let advice = xml(check.advice ?? "")
                switch check.status {
                case .passed: break
                case .failed:
                    lines.append("      <failure message=\"\(advice)\" type=\"failed\">\(xml(body))</failure>")
                case .compileError, .crashed, .timedOut:
                    lines.append(
                        "      <error message=\"\(advice)\" type=\"\(check.status.rawValue)\">\(xml(body))</error>")
                case .notRun where !verdict.problems.isEmpty:
                    let problems = verdict.problems.joined(separator: "\n")
                    lines.append(
                        "      <error message=\"\(xml("Not graded: " + problems))\" type=\"not_graded\">\(xml(problems))</error>"
                    )
                case .notRun:
                    lines.append("      <skipped message=\"\(xml(check.message ?? "not run"))\"/>")
                }
                if !check.output.isEmpty { lines.append("      <system-out>\(xml(check.output))</system-out>") }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The suite's properties: each problem and note under a name of its own.
    static func properties(_ verdict: Verdict) -> [(String, String)] {
        func named(_ name: String, _ values: [String]) -> [(String, String)] {
            values.enumerated().map { index, value in (index == 0 ? name : "\(name).\(index + 1)", value) }
        }
        return named("problem", verdict.problems) + named("note", verdict.notes)
    }

    private func isError(_ check: CheckResult) -> Bool {
        check.status == .compileError || check.status == .crashed || check.status == .timedOut
    }

    /// Checks that never ran because the submission could not be graded: errors, not skips.
    private func ungraded(_ verdict: Verdict) -> Int {
        verdict.problems.isEmpty ? 0 : verdict.checks.filter { $0.status == .notRun }.count
    }

    private func errors(in verdict: Verdict) -> Int { verdict.checks.filter(isError).count + ungraded(verdict) }

    private func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Escapes text for XML and drops characters XML 1.0 cannot hold (e.g. control bytes a
    /// crashing program printed).
    func xml(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0xD800...0xDFFF).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
