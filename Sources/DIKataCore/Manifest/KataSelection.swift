import Foundation

/// Parses kata selections such as `01-04`, `1,3,5` or `02-global-state`, in catalog order. Pure.
public enum KataSelection {
    public static func resolve(_ text: String, in order: [String]) -> Result<[String], SelectionError> {
        var selected: [String] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            if let exact = order.first(where: { $0 == part }) {
                selected.append(exact)
                continue
            }
            let bounds = part.split(separator: "-", maxSplits: 1).map(String.init)
            if bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high {
                let inRange = order.filter { id in
                    KataQuery.number(of: id).map { (low...high).contains($0) } ?? false
                }
                guard !inRange.isEmpty else { return .failure(.noMatch(part)) }
                selected += inRange
            } else if let value = Int(part), let match = order.first(where: { KataQuery.number(of: $0) == value }) {
                selected.append(match)
            } else {
                return .failure(.noMatch(part))
            }
        }
        var seen: Set<String> = []
        return .success(order.filter { selected.contains($0) && seen.insert($0).inserted })
    }

    public enum SelectionError: Error, Equatable, Sendable {
        case noMatch(String)
    }
}
