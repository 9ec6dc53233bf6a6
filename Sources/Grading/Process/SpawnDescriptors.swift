import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a spawned child inherits: nothing above its standard descriptors (and the channel).
enum SpawnDescriptors {
    /// Asks the spawn to close every descriptor from `lowest` up in the child.
    ///
    /// glibc 2.34 and later do it in one step, `posix_spawn_file_actions_addclosefrom_np`,
    /// which also covers descriptors another thread opens between now and the spawn. Swift's
    /// Glibc module does not import it, so it is looked up by name. Without it, the descriptors
    /// open now are closed one by one.
    static func closeAll(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np"),
                unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest) == 0
            {
                return
            }
        #endif
        for fd in openDescriptors() where fd >= lowest {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }

    /// Asks the spawn to start the child in `directory`: true when it will. glibc 2.29 and later
    /// have `posix_spawn_file_actions_addchdir_np`, which Swift's Glibc module does not import,
    /// so it is looked up by name; without it the caller starts the child through `sh -c cd`
    /// (one more process before every compile, link and run).
    static func changeDirectory(to directory: String, in actions: inout posix_spawn_file_actions_t) -> Bool {
        #if canImport(Glibc)
            typealias AddChdir =
                @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
                -> Int32
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return false }
            return directory.withCString { unsafeBitCast(symbol, to: AddChdir.self)(&actions, $0) } == 0
        #else
            return false
        #endif
    }

    /// The descriptors this process holds now.
    static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
    }
}
