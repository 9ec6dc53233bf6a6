import Foundation
import Grading

extension GradingEnvironment {
    /// A machine with bubblewrap and prlimit at their usual paths, for tests that start nothing.
    public static let scripted = GradingEnvironment(
        swiftc: "/toolchain/usr/bin/swiftc", swift: "/toolchain/usr/bin/swift",
        objdump: "/toolchain/usr/bin/llvm-objdump", demangler: "/toolchain/usr/bin/swift-demangle",
        cacheRoot: URL(fileURLWithPath: "/cache/dikata"),
        sandbox: Sandbox(
            tool: .bubblewrap(path: "/usr/bin/bwrap"), prlimit: "/usr/bin/prlimit", runningAsRoot: false,
            systemPaths: ["/usr", "/toolchain"]),
        parallelism: 1, searchPath: "/usr/bin:/bin")
}
