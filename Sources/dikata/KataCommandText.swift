import DIKataCore
import Foundation

/// What `dikata reset`, `hint` and `solution` print.
enum KataCommandText {
    static func reset(_ kata: String, folder: URL, backup: URL?) -> String {
        var text = "\(kata) is back to its starter in \(folder.path).\n"
        if let backup { text += "Your files were backed up to \(backup.path)\n" }
        return text
    }

    static func hints(_ reveal: HintReveal, kata: String) -> String {
        var text = ""
        for (number, hint) in reveal.shown { text += "Hint \(number) for \(kata):\n\(hint)\n\n" }
        if let note = reveal.note { text += note + "\n" }
        return text
    }

    static func diff(_ lines: [String], colour: Bool) -> String {
        guard colour else { return lines.joined(separator: "\n") + "\n" }
        return lines.map { line in
            let code =
                switch UnifiedDiffText.kind(of: line) {
                case .fileHeader: "1"
                case .hunk: "36"
                case .added: "32"
                case .removed: "31"
                case .context: ""
                }
            return code.isEmpty ? line : "\u{1B}[\(code)m\(line)\u{1B}[0m"
        }.joined(separator: "\n") + "\n"
    }
}
