/// Decides, from a compiled learner target's symbol table, whether its code reaches anything a
/// kata never allows. Pure.
///
/// The check reads what the compiler resolved, not how the source spelled it: a renamed
/// wrapper, a type alias or `@_silgen_name` all end up as the same symbol. It is an allowlist
/// by module (the standard library, concurrency, Foundation basics, Dispatch and the
/// package's own targets), with the parts of those modules that reach outside the process
/// taken back out, and a short list of C functions the compiler itself emits calls to.
public struct SymbolPolicy: Sendable {
    /// Every module the learner's package builds (its own targets and the kata's read-only ones).
    public var packageModules: Set<String>
    /// Extra modules, qualified names (`Foundation.ProcessInfo`) or C functions the kata allows.
    public var allowed: [String]

    public init(packageModules: Set<String>, allowed: [String] = []) {
        self.packageModules = packageModules
        self.allowed = allowed
    }

    /// Refusals for one target's object file (without source locations; see `SourcePolicy`).
    public func refusals(target: String, isExecutable: Bool, contents: ObjectContents) -> [Refusal] {
        var found: [Refusal] = []
        func refuse(_ name: String, _ reason: RefusalReason) {
            let refusal = Refusal(target: target, name: name, reason: reason)
            if !found.contains(refusal) { found.append(refusal) }
        }
        for section in contents.sections where Self.loadTimeSections.contains(where: { section.hasPrefix($0) }) {
            refuse("section \(section)", .linkerControl)
        }
        for symbol in contents.symbols {
            if symbol.isDefined {
                guard symbol.isExported else { continue }
                if let problem = definedProblem(symbol, target: target) { refuse("defines " + problem, .linkerControl) }
                continue
            }
            if symbol.isSwift {
                if let (name, reason) = swiftProblem(symbol.demangled ?? symbol.name) { refuse(name, reason) }
            } else if let reason = cProblem(symbol.name, isExecutable: isExecutable) {
                refuse(symbol.name, reason)
            }
        }
        return found
    }

    // MARK: - Defined symbols

    /// Code that runs when the image loads, before any check.
    static let loadTimeSections = [
        ".init_array", ".fini_array", ".preinit_array", ".ctors", ".dtors", "__mod_init_func",
    ]

    /// A target may define its own Swift symbols and the entry point dikata renames; a global
    /// C symbol or another module's Swift symbol could replace a function the checks call.
    private func definedProblem(_ symbol: ObjectSymbol, target: String) -> String? {
        if !symbol.isSwift {
            let own =
                symbol.name == "\(target)_main" || symbol.name.hasPrefix("_swift_FORCE_LOAD_$")
                || symbol.name.hasPrefix("__swift") || symbol.name == "main"
            return own || isAllowed(symbol.name) ? nil : symbol.name
        }
        let text = symbol.demangled ?? symbol.name
        let heads = Self.moduleHeads(in: text)
        // Its own declarations, extensions and conformances all name the target's module.
        if heads.isEmpty || heads.contains(target) || text.contains("in \(target)") { return nil }
        return Self.shorten(text)
    }

    // MARK: - Swift symbols

    static let standardModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "_RegexParser", "RegexBuilder", "Synchronization",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationCollections",
        "Dispatch", "Observation", "SwiftOnoneSupport", "Builtin", "__C",
    ]

    static let refusedModules: [String: RefusalReason] = [
        "Glibc": .cFunction, "Darwin": .cFunction, "Musl": .cFunction, "SwiftGlibc": .cFunction,
        "FoundationNetworking": .network, "Testing": .testing, "_TestingInterop": .testing,
        "_TestDiscovery": .testing, "_Testing_Foundation": .testing, "XCTest": .testing,
        "Runtime": .rawMemory, "_Volatile": .rawMemory,
    ]

    /// Qualified names (Foundation's modules read as `Foundation`) that reach outside the process.
    static let refusedNames: [(prefix: String, reason: RefusalReason)] = {
        let files = [
            "Foundation.FileManager", "Foundation.FileHandle", "Foundation.FileWrapper", "Foundation.InputStream",
            "Foundation.OutputStream", "Foundation.Stream", "Foundation.Pipe", "Foundation.Bundle", "Foundation.NSData",
            "Foundation.NSString", "Foundation.NSDictionary", "Foundation.NSArray", "Foundation.FileAttributeKey",
            "Foundation.URLResourceValues", "Foundation.UserDefaults", "Foundation.NSUserDefaults",
            "Foundation.NSKeyedArchiver", "Foundation.NSKeyedUnarchiver", "Foundation.URL.resourceValues",
            "Foundation.URL.setResourceValues", "Foundation.URL.checkResourceIsReachable",
            "Foundation.URL.resolvingSymlinksInPath", "Foundation.NSTemporaryDirectory", "Foundation.NSHomeDirectory",
            "Foundation.NSSearchPathForDirectoriesInDomains", "Foundation.NSOpenStepRootDirectory",
            "Dispatch.DispatchIO", "Dispatch.DispatchSource.makeReadSource", "Dispatch.DispatchSource.makeWriteSource",
            "Dispatch.DispatchSource.makeFileSystemObjectSource",
        ].map { ($0, RefusalReason.files) }
        let environment = [
            "Foundation.ProcessInfo", "Foundation.NSProcessInfo", "Swift.CommandLine", "Foundation.Host",
            "Foundation.NSUserName", "Foundation.NSFullUserName", "Foundation.NSHomeDirectoryForUser",
            "Foundation.Thread.callStackSymbols", "Foundation.Thread.callStackReturnAddresses",
            "Foundation.NSClassFromString",
        ].map { ($0, RefusalReason.environment) }
        let processes = ["Foundation.Process", "Foundation.NSTask", "Dispatch.DispatchSource.makeProcessSource"]
            .map { ($0, RefusalReason.processes) }
        let exit = [
            "Foundation.Thread.exit", "Foundation.exit", "Dispatch.dispatchMain",
            "Dispatch.DispatchSource.makeSignalSource",
        ].map { ($0, RefusalReason.exit) }
        let network = ["Foundation.URLSession", "Foundation.NSURLConnection"].map { ($0, RefusalReason.network) }
        return files + environment + processes + exit + network
    }()

    /// Foundation's calls that read or write a file through a value type, as a demangled name
    /// spells them (Foundation's modules read as `Foundation`): `Data(contentsOf:)`,
    /// `data.write(to:)`, `String(contentsOf:)`, `text.write(to:)` and their `NSData` forms.
    static let fileCalls: [String] = {
        let owners =
            ["Foundation.Data.", "Foundation.NSData."]
            + ["String", "StringProtocol"].map { "(extension in Foundation):Swift.\($0)." }
        return owners.flatMap { owner in ["init(contentsOf", "write(to"].map { owner + $0 } }
    }()

    private func swiftProblem(_ demangled: String) -> (String, RefusalReason)? {
        let text = Self.normalizingFoundation(demangled)
        if Self.fileCalls.contains(where: text.containsBytes) {
            let call = text.range(of: "(").map { String(text[..<$0.lowerBound]) + "(…)" } ?? text
            return (Self.shorten(call.split(separator: " ").last.map(String.init) ?? call), .files)
        }
        for match in Self.extensionModules(in: text) where !isKnownModule(match) {
            return (match, Self.refusedModules[match] ?? .unknownModule)
        }
        for chain in Self.chains(in: text) {
            guard let head = chain.split(separator: ".").first.map(String.init), !Self.isNotAModule(head) else {
                continue
            }
            if isAllowed(chain) { continue }
            if !isKnownModule(head) {
                return (Self.readable(chain), Self.refusedModules[head] ?? .unknownModule)
            }
            for (prefix, reason) in Self.refusedNames where chain == prefix || chain.hasPrefix(prefix + ".") {
                return (Self.readable(chain), reason)
            }
        }
        return nil
    }

    private func isKnownModule(_ name: String) -> Bool {
        Self.standardModules.contains(name) || packageModules.contains(name) || allowed.contains(name)
    }

    private func isAllowed(_ name: String) -> Bool {
        allowed.contains { name == $0 || name.hasPrefix($0 + ".") }
    }

    // MARK: - C symbols

    /// C functions the compiler emits calls to in ordinary Swift code.
    static let compilerEmitted: Set<String> = [
        "memset", "memcpy", "memmove", "memcmp", "bzero", "__tls_get_addr", "_GLOBAL_OFFSET_TABLE_", "__dso_handle",
        "__stack_chk_fail", "__stack_chk_guard",
        // libm, through Foundation's math functions
        "pow", "powf", "sqrt", "sqrtf", "floor", "floorf", "ceil", "ceilf", "round", "roundf", "trunc", "truncf",
        "fmod",
        "fmodf", "exp", "expf", "exp2", "log", "logf", "log2", "log10", "sin", "sinf", "cos", "cosf", "tan", "tanf",
        "asin",
        "acos", "atan", "atan2", "sinh", "cosh", "tanh", "hypot", "cbrt", "fabs", "lround", "llround", "rint",
        "nearbyint",
        "remainder", "fmin", "fmax",
    ]

    /// Emitted by the compiler too, but only for some code: `Mutex` (futexes through `syscall`)
    /// and an executable's asynchronous top-level code (`exit`). `SourcePolicy` refuses any
    /// learner code that names them itself.
    static let emittedForSomeCode: Set<String> = ["syscall"]

    static let cReasons: [RefusalReason: Set<String>] = [
        .exit: [
            "exit", "_exit", "_Exit", "abort", "quick_exit", "at_quick_exit", "atexit", "raise", "kill", "killpg",
            "pthread_kill", "tgkill", "signal", "sigaction", "alarm", "setitimer", "pthread_exit",
        ],
        .dynamicLoading: ["dlopen", "dlsym", "dlvsym", "dladdr", "dlerror", "dlclose", "dl_iterate_phdr"],
        .processes: [
            "fork", "vfork", "execve", "execv", "execvp", "execl", "execlp", "posix_spawn", "posix_spawnp", "system",
            "popen", "clone", "clone3", "ptrace", "setsid", "setpgid", "prctl", "daemon",
        ],
        .environment: [
            "getenv", "secure_getenv", "setenv", "unsetenv", "putenv", "clearenv", "environ", "__environ", "getpid",
            "getppid", "getuid", "geteuid", "getlogin", "gethostname", "uname", "getpwuid", "sysinfo",
        ],
        .network: [
            "socket", "connect", "bind", "listen", "accept", "send", "sendto", "recv", "recvfrom", "getaddrinfo",
        ],
        .files: [
            "open", "open64", "openat", "creat", "fopen", "fopen64", "fdopen", "freopen", "read", "write", "pread",
            "pwrite", "close", "unlink", "unlinkat", "remove", "rename", "mkdir", "rmdir", "stat", "lstat", "fstat",
            "opendir", "readdir", "truncate", "ftruncate", "dup", "dup2", "dup3", "pipe", "pipe2", "mmap", "mprotect",
            "access", "chdir", "fchdir", "getcwd", "realpath", "readlink", "symlink", "link", "fwrite", "fputs",
            "fprintf", "fread", "fgets", "ioctl", "fcntl", "sendfile", "splice",
        ],
    ]

    private func cProblem(_ name: String, isExecutable: Bool) -> RefusalReason? {
        if isAllowed(name) || Self.compilerEmitted.contains(name) || Self.emittedForSomeCode.contains(name) {
            return nil
        }
        if name == "exit" && isExecutable { return nil }
        if name.hasPrefix("swift_") || name.hasPrefix("_swift") || name.hasPrefix("__swift") {
            let hooks = ["override", "_hook", "Hook", "Handler", "Debugger", "Argv", "argv", "environ", "readLine"]
            return hooks.contains(where: name.contains) ? .linkerControl : nil
        }
        for (reason, names) in Self.cReasons where names.contains(name) { return reason }
        return .cFunction
    }

    // MARK: - Reading demangled names

    static func normalizingFoundation(_ text: String) -> String {
        // Most names of an object are not Foundation's: no copy of them is made.
        guard text.containsBytes("Foundation") else { return text }
        return text.replacingOccurrences(of: "FoundationEssentials", with: "Foundation")
            .replacingOccurrences(of: "FoundationInternationalization", with: "Foundation")
    }

    /// Every `A.B.c` qualified name in a demangled symbol.
    static func chains(in text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var skipping = false  // inside a name that continues something already read (`>.hashValue`)
        var previous: Character = " "
        func isNameCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_" || character == "$"
        }
        func flush() {
            var chain = current
            while chain.hasSuffix(".") { chain.removeLast() }
            if chain.contains(".") { result.append(chain) }
            current = ""
        }
        for character in text {
            if isNameCharacter(character) {
                if current.isEmpty && !skipping {
                    // A name right after `.` continues a generic type (`Array<A>.count`); after a
                    // letter it is the rest of an identifier the loop already passed.
                    if previous == "." || isNameCharacter(previous) {
                        skipping = true
                    } else {
                        current.append(character)
                    }
                } else if !skipping {
                    current.append(character)
                }
            } else if character == "." && (skipping || (!current.isEmpty && !current.hasSuffix("."))) {
                if !skipping { current.append(character) }
            } else {
                flush()
                skipping = false
            }
            previous = character
        }
        flush()
        return result
    }

    /// The modules of every qualified name, in order.
    static func moduleHeads(in text: String) -> [String] {
        chains(in: text).compactMap { $0.split(separator: ".").first.map(String.init) }.filter {
            !isNotAModule($0)
        }
    }

    /// `(extension in Foundation):…` names the module that declares the extension.
    static func extensionModules(in text: String) -> [String] {
        var modules: [String] = []
        guard text.containsBytes("(extension in ") else { return modules }
        var rest = Substring(text)
        while let range = rest.range(of: "(extension in ") {
            let after = rest[range.upperBound...]
            let name = after.prefix { $0 != ")" }
            modules.append(String(name))
            rest = after.dropFirst(name.count)
        }
        return modules
    }

    /// Heads of qualified names that are no module: generic parameters (`A`, `B1`, `τ_0_0`,
    /// `Self`), and `Any` and `AnyObject` (`Any.Type` in `ObjectIdentifier.init(Any.Type)`),
    /// keywords no module can take as its name.
    static func isNotAModule(_ head: String) -> Bool {
        if head == "Self" || head == "Any" || head == "AnyObject" || head.hasPrefix("τ") { return true }
        guard let first = head.first, first.isUppercase else { return false }
        return head.count == 1 || head.dropFirst().allSatisfy(\.isNumber)
    }

    /// `Foundation.FileManager.default` for `FoundationEssentials.FileManager.default.getter`.
    static func readable(_ chain: String) -> String {
        let accessors: Set<Substring> = ["getter", "setter", "modify", "unsafeMutableAddressor", "unsafeAddressor"]
        var parts = normalizingFoundation(chain).split(separator: ".")
        while parts.count > 2, let last = parts.last, accessors.contains(last) { parts.removeLast() }
        return parts.joined(separator: ".")
    }

    static func shorten(_ text: String) -> String {
        text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
