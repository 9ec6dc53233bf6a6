import DIKataCore
import Foundation
import SymbolKit

/// Reads what a compiled learner target declares (its symbol graph, written by the compiler
/// next to the module) and the symbols its object uses, for the `surface` checks.
struct SurfaceReader {
    var folder: BuildFolder
    var locator: SourceLocator
    /// Symbol graph stamp → its declarations.
    var cache: BuildCache<[APISurface.Declaration]>

    init(folder: BuildFolder, locator: SourceLocator) {
        self.folder = folder
        self.locator = locator
        cache = .json(folder.root.appendingPathComponent("surfaces", isDirectory: true))
    }

    /// The surface of `target`; nil when its symbol graph is missing or unreadable.
    func surface(of target: String, objectSymbols: [String]) -> APISurface? {
        let file = folder.symbolGraphs(target).appendingPathComponent("\(target).symbols.json")
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        // Decoded once per symbol graph: it changes only when the target is compiled again.
        var stamp = BuildStamp("surface-v3")
        stamp.add(data)
        if let declarations = cache[stamp.key] {
            return APISurface(module: target, declarations: declarations, objectSymbols: objectSymbols)
        }
        guard let graph = try? JSONDecoder().decode(SymbolGraph.self, from: data) else { return nil }
        // What a protocol asks of its conformers, and what it refines, are relationships.
        var requirementOf: [String: String] = [:]
        var refines: [String: [String]] = [:]
        for relationship in graph.relationships {
            if relationship.kind == .requirementOf || relationship.kind == .optionalRequirementOf {
                requirementOf[relationship.source] = relationship.target
            } else if relationship.kind == .conformsTo || relationship.kind == .inheritsFrom {
                refines[relationship.source, default: []].append(relationship.target)
            }
        }
        let declarations = graph.symbols.values.map { symbol in
            let fragments = symbol[mixin: SymbolGraph.Symbol.DeclarationFragments.self]?.declarationFragments ?? []
            // A function is judged by what it returns; anything else by every type it names.
            let typeFragments =
                symbol[mixin: SymbolGraph.Symbol.FunctionSignature.self]?.returns ?? fragments
            let constraints =
                (symbol[mixin: SymbolGraph.Symbol.Swift.Extension.self]?.constraints ?? [])
                + (symbol[mixin: SymbolGraph.Symbol.Swift.Generics.self]?.constraints ?? [])
            let location = symbol[mixin: SymbolGraph.Symbol.Location.self]
            let path = location?.url?.path
            return APISurface.Declaration(
                identifier: symbol.identifier.precise,
                kind: Self.kindName(symbol.kind.identifier.identifier),
                access: symbol.accessLevel.rawValue, path: symbol.pathComponents,
                declaration: fragments.map(\.spelling).joined(),
                types: typeFragments.filter { $0.kind == .typeIdentifier }.compactMap(\.preciseIdentifier),
                constraints: Set(constraints.map(Self.spelling)).sorted(),
                file: path.flatMap(locator.relativePath(for:)), line: location.map { $0.position.line + 1 },
                requirementOf: requirementOf[symbol.identifier.precise],
                refines: (refines[symbol.identifier.precise] ?? []).sorted())
        }
        let sorted = declarations.sorted { $0.identifier < $1.identifier }
        cache.store(sorted, as: stamp.key)
        return APISurface(module: target, declarations: sorted, objectSymbols: objectSymbols)
    }

    /// `Response == [Friend]`, `T: Sequence`.
    static func spelling(_ constraint: SymbolGraph.Symbol.Swift.GenericConstraint) -> String {
        switch constraint.kind {
        case .sameType: "\(constraint.leftTypeName) == \(constraint.rightTypeName)"
        case .conformance, .superclass: "\(constraint.leftTypeName): \(constraint.rightTypeName)"
        }
    }

    /// `type.property` for `swift.type.property`.
    static func kindName(_ identifier: String) -> String {
        identifier.hasPrefix("swift.") ? String(identifier.dropFirst("swift.".count)) : identifier
    }
}
