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

    /// The same machine with dikata's cache in `cacheRoot`: for tests whose compiles keep files
    /// beside the build folders (driver plans shared by build folders).
    public static func scripted(cacheRoot: URL) -> GradingEnvironment {
        var environment = scripted
        environment.cacheRoot = cacheRoot
        return environment
    }
}
