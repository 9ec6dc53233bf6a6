/// One place where learner source code names something, as the parser found it.
public struct SourceUse: Equatable, Hashable, Sendable, Codable {
    public enum Kind: String, Equatable, Hashable, Sendable, Codable {
        /// `@name` (an attribute, with its leading underscore if any).
        case attribute
        /// A bare name in an expression: `exit(0)`, `Foundation.exit` is `.member`.
        case reference
        /// `base.name` in an expression.
        case member
        /// A type name: `FileManager`, `Foundation.FileManager`.
        case type
        /// A modifier with a detail: `unowned(unsafe)` is named `unowned(unsafe)`.
        case modifier
        /// A declaration's own name: `func exit()`.
        case declaration
    }

    /// Package-relative path of the file.
    public var file: String
    public var line: Int
    public var kind: Kind
    public var name: String
    /// For `.member`: the expression before the dot, as written.
    public var base: String?
    /// In `main.swift`, outside every declaration: code that runs only as the program's entry
    /// point, which the checks never call.
    public var entryOnly: Bool

    public init(file: String, line: Int, kind: Kind, name: String, base: String? = nil, entryOnly: Bool = false) {
        self.file = file
        self.line = line
        self.kind = kind
        self.name = name
        self.base = base
        self.entryOnly = entryOnly
    }
}

/// Refuses what learner source code may never name, and finds where a refused symbol is named.
/// Pure: the uses come from the parser in the grading shell.
///
/// Some things have no symbol of their own: raw pointers are inlined away, and attributes that
/// rename symbols or place code in load-time sections act at compile time. A few C functions
/// (`syscall` for `Mutex`, `exit` after an executable's asynchronous top-level code) are
/// emitted by the compiler itself, so the symbol check lets them through and this check
/// refuses learner code that names them.
public struct SourcePolicy: Sendable {
    public var allowed: [String]

    public init(allowed: [String] = []) {
        self.allowed = allowed
    }

    /// Attributes ordinary Swift never needs: symbol names, C entry points, sections, SPI access.
    static let allowedUnderscoredAttributes: Set<String> = ["_exported", "_implementationOnly"]
    static let refusedAttributes: Set<String> = ["section", "used", "c", "extern", "export"]
    /// Names that start like raw-pointer API but hand out no pointer.
    static let safeUnsafeNames: Set<String> = [
        "withUnsafeContinuation", "withUnsafeThrowingContinuation", "UnsafeContinuation", "withUnsafeCurrentTask",
        "UnsafeCurrentTask",
    ]
    static let rawMemoryNames: Set<String> = [
        "Unmanaged", "OpaquePointer", "ManagedBuffer", "ManagedBufferPointer", "AutoreleasingUnsafeMutablePointer",
        "CVaListPointer", "withVaList", "getVaList",
    ]
    /// C functions the symbol check lets through because the compiler emits them (see above).
    static let compilerEmittedCalls: Set<String> = ["syscall"]
    static let executableExit: Set<String> = ["exit", "_exit", "_Exit"]
    static let libraryModules: Set<String> = [
        "Foundation", "Glibc", "Darwin", "Musl", "SwiftGlibc", "FoundationEssentials",
    ]

    /// Refusals for one target's files.
    public func refusals(target: String, isExecutable: Bool, uses: [SourceUse]) -> [Refusal] {
        var found: [Refusal] = []
        func refuse(_ use: SourceUse, _ name: String, _ reason: RefusalReason) {
            guard !allowed.contains(name) else { return }
            let refusal = Refusal(
                target: target, name: name, reason: reason, location: SourceLocation(file: use.file, line: use.line))
            if !found.contains(where: { $0.name == refusal.name && $0.location == refusal.location }) {
                found.append(refusal)
            }
        }
        for use in uses {
            switch use.kind {
            case .attribute:
                if use.name.hasPrefix("_") && !Self.allowedUnderscoredAttributes.contains(use.name)
                    || Self.refusedAttributes.contains(use.name)
                {
                    refuse(use, "@" + use.name, .linkerControl)
                }
            case .modifier:
                if use.name.contains("unsafe") && use.name.hasPrefix("unowned") { refuse(use, use.name, .rawMemory) }
            case .declaration:
                continue
            case .reference, .member, .type:
                if Self.isRawMemory(use.name) { refuse(use, use.name, .rawMemory) }
                let qualifiedByModule = use.kind == .member && (use.base.map(Self.libraryModules.contains) ?? false)
                let bare = use.kind == .reference || qualifiedByModule
                if bare && Self.compilerEmittedCalls.contains(use.name) { refuse(use, use.name, .cFunction) }
                if bare && isExecutable && Self.executableExit.contains(use.name) { refuse(use, use.name, .exit) }
            }
        }
        return found
    }

    static func isRawMemory(_ name: String) -> Bool {
        if safeUnsafeNames.contains(name) { return false }
        return name.hasPrefix("Unsafe") || name.hasPrefix("unsafe") || name.hasPrefix("withUnsafe")
            || rawMemoryNames.contains(name)
    }

    /// Whether a refused symbol is named only by an executable's entry-point code (top-level
    /// statements of `main.swift`), which grading never runs: a composition root may read its
    /// launch arguments there. Every part of the name must be used only there, so a type alias
    /// declared in main.swift and used elsewhere does not count.
    public func isEntryOnly(_ refusal: Refusal, in uses: [SourceUse]) -> Bool {
        guard refusal.reason == .environment else { return false }
        let accessors: Set<String> = [
            "getter", "setter", "modify", "unsafeMutableAddressor", "unsafeAddressor", "init",
        ]
        var components = refusal.name.split(separator: ".").map(String.init).filter { !accessors.contains($0) }
        if components.count > 1 { components.removeFirst() }
        var seen = false
        for component in components {
            for use in uses where use.name == component && use.kind != .declaration {
                guard use.entryOnly else { return false }
                seen = true
            }
        }
        return seen
    }

    /// Gives a symbol refusal the first place in the target's files that names it.
    public func locate(_ refusal: Refusal, in uses: [SourceUse]) -> Refusal {
        guard refusal.location == nil else { return refusal }
        var components = refusal.name.split(separator: ".").map(String.init)
        if components.count > 1 { components.removeFirst() }  // the module
        for component in components {
            if let use = uses.first(where: { $0.name == component && $0.kind != .declaration && $0.kind != .attribute })
            {
                var located = refusal
                located.location = SourceLocation(file: use.file, line: use.line)
                return located
            }
        }
        return refusal
    }
}
