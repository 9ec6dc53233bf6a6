import DIKataCore
import Lessons

/// Draws a package graph as boxes and arrows: targets top to bottom, dependents above what they
/// depend on, each with an arrow to its dependencies; then each type with the types it refers
/// to — ▶ to a concrete type, ▷ to an abstraction.
struct GraphLayout {
    var theme: Theme

    func lines(_ graph: PackageGraph, width: Int) -> [UILine] {
        var lines: [UILine] = [
            UILine("Targets (an arrow points at what a target depends on)", CellStyle(bold: true)), .blank,
        ]
        let depth = depths(graph)
        let ordered = graph.targets.sorted { (depth[$0.name] ?? 0, $0.name) > (depth[$1.name] ?? 0, $1.name) }
        let boxWidth = min(max(12, (graph.targets.map { DisplayWidth.of($0.name) }.max() ?? 8) + 4), max(12, width / 3))
        for target in ordered {
            let name = DisplayWidth.prefix(target.name + (target.isExecutable ? " ◆" : ""), fitting: boxWidth - 4)
            let padding = String(repeating: " ", count: max(0, boxWidth - 4 - DisplayWidth.of(name)))
            let arrows = target.dependencies.isEmpty ? "" : " ──▶ " + target.dependencies.joined(separator: ", ")
            lines.append(UILine("┌" + String(repeating: "─", count: boxWidth - 2) + "┐", theme.frame))
            lines.append(
                UILine([
                    ("│ ", theme.frame), (name + padding, CellStyle(bold: true)), (" │", theme.frame), (arrows, .plain),
                ]))
            lines.append(UILine("└" + String(repeating: "─", count: boxWidth - 2) + "┘", theme.frame))
        }
        lines.append(.blank)
        lines.append(
            UILine([
                ("Types  ", CellStyle(bold: true)), ("▶ concrete  ", theme.concrete),
                ("▷ abstraction", theme.abstraction),
            ]))
        lines.append(.blank)
        for target in ordered {
            let types = graph.types.filter { $0.target == target.name }
            guard !types.isEmpty else { continue }
            lines.append(UILine(target.name, theme.muted))
            for type in types {
                var line = UILine([
                    ("  " + type.name, type.kind.isAbstraction ? theme.abstraction : CellStyle(bold: true)),
                    (" (\(label(type.kind)))", theme.muted),
                ])
                for reference in type.references {
                    let abstraction = graph.type(named: reference)?.kind.isAbstraction ?? false
                    line.append(abstraction ? "  ▷ " : "  ▶ ", abstraction ? theme.abstraction : theme.concrete)
                    line.append(reference, abstraction ? theme.abstraction : theme.concrete)
                }
                lines.append(line)
            }
        }
        return lines
    }

    private func label(_ kind: PackageGraph.TypeKind) -> String {
        switch kind {
        case .functionType: "function type"
        case .extension: "extension declared here"
        default: kind.rawValue
        }
    }

    /// Longest dependency chain below each target (0 for targets that depend on nothing).
    private func depths(_ graph: PackageGraph) -> [String: Int] {
        var memo: [String: Int] = [:]
        func depth(_ name: String, _ seen: Set<String>) -> Int {
            if let known = memo[name] { return known }
            guard let target = graph.targets.first(where: { $0.name == name }), !seen.contains(name) else { return 0 }
            let value = (target.dependencies.map { depth($0, seen.union([name])) + 1 }.max()) ?? 0
            memo[name] = value
            return value
        }
        for target in graph.targets { _ = depth(target.name, []) }
        return memo
    }
}
