/// `dikata doctor`: what this machine has for dikata, and what to install when something is missing.
public struct DoctorReport: Equatable, Sendable {
    public struct Finding: Equatable, Sendable {
        public enum Status: String, Equatable, Sendable {
            case ok, warning, missing
        }

        public var topic: String
        public var status: Status
        public var detail: String
        /// What to do about it (empty when nothing is needed).
        public var fix: String

        public init(_ topic: String, _ status: Status, _ detail: String, fix: String = "") {
            self.topic = topic
            self.status = status
            self.detail = detail
            self.fix = fix
        }
    }

    public var findings: [Finding]

    public init(findings: [Finding]) { self.findings = findings }

    /// True when grading can work (warnings allowed).
    public var canGrade: Bool { !findings.contains { $0.status == .missing } }

    public var text: String {
        var lines: [String] = []
        for finding in findings {
            let mark =
                switch finding.status {
                case .ok: "ok  "
                case .warning: "warn"
                case .missing: "FAIL"
                }
            lines.append("[\(mark)] \(finding.topic): \(finding.detail)")
            if !finding.fix.isEmpty { lines.append("       → \(finding.fix)") }
        }
        lines.append("")
        lines.append(
            canGrade ? "dikata can grade katas on this machine." : "dikata cannot grade katas yet: see FAIL above.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The editor `e` opens in the tutorial: `$VISUAL`, else `$EDITOR`, else vi.
    public static func editor(environment: [String: String], isExecutable: (String) -> Bool) -> Finding {
        let chosen = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
        let command = chosen ?? "vi"
        let program = String(command.split(separator: " ").first ?? "vi")
        if isExecutable(program) {
            return Finding("editor", .ok, chosen == nil ? "vi (set $VISUAL or $EDITOR to choose another)" : command)
        }
        return Finding(
            "editor", .warning, "\(program) is not on PATH, so `e` in the tutorial cannot open your files",
            fix: "set $EDITOR to an editor you have (EDITOR=nano), or edit the files in your own editor")
    }

    /// The terminal as the environment describes it.
    public static func terminal(environment: [String: String], isTerminal: Bool) -> Finding {
        let term = environment["TERM"] ?? ""
        guard isTerminal else {
            return Finding(
                "terminal", .warning, "standard output is not a terminal; dikata prints text instead of the tutorial",
                fix: "run `dikata` in a terminal for the full-screen tutorial")
        }
        if term.isEmpty || term == "dumb" {
            return Finding(
                "terminal", .warning, "TERM is \(term.isEmpty ? "unset" : "dumb"); the tutorial falls back to text",
                fix: "use a terminal with TERM=xterm-256color (or tmux-256color inside tmux)")
        }
        let colour = (environment["NO_COLOR"] ?? "").isEmpty ? "colour on" : "colour off (NO_COLOR)"
        return Finding("terminal", .ok, "TERM=\(term), \(colour)")
    }
}
