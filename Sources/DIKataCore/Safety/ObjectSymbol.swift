/// One entry of a compiled learner object's symbol table, as the symbol policy needs it.
public struct ObjectSymbol: Equatable, Hashable, Sendable, Codable {
    /// The symbol as the linker sees it (`$s9APIClient…`, `exit`).
    public var name: String
    /// The Swift demangler's reading of `name`, for Swift symbols.
    public var demangled: String?
    /// Defined in this object (otherwise referenced from it).
    public var isDefined: Bool
    /// Global or weak, and not hidden: the linker may bind other images' references to it.
    public var isExported: Bool
    /// The section a defined symbol lives in.
    public var section: String?

    public init(
        name: String, demangled: String? = nil, isDefined: Bool, isExported: Bool = false, section: String? = nil
    ) {
        self.name = name
        self.demangled = demangled
        self.isDefined = isDefined
        self.isExported = isExported
        self.section = section
    }

    /// Swift symbols start with `$s` (or `_$s` on Darwin).
    public var isSwift: Bool { name.hasPrefix("$s") || name.hasPrefix("_$s") }
}

/// What one compiled learner target holds: its symbols and the names of its sections.
public struct ObjectContents: Equatable, Sendable, Codable {
    public var symbols: [ObjectSymbol]
    public var sections: [String]

    public init(symbols: [ObjectSymbol], sections: [String]) {
        self.symbols = symbols
        self.sections = sections
    }
}
