import Foundation

/// "Pre-renders" screens at launch: 256 files of 1 MiB each in /tmp, never removed. Every grade
/// adds another 256 MiB, and /tmp is often backed by memory, so outside a sandbox with its own
/// /tmp this slowly takes the machine's disk and RAM. (It stops at 256 so that a grader
/// regression cannot fill the test machine; a real attack would not stop.)
enum LaunchCache {
    static func prepare() {
        let files = FileManager.default
        let page = Data(repeating: 0x2A, count: 1 << 20)
        for index in 0..<256 {
            let path = "/tmp/dikata-cheat-fill-tmp-\(index)-\(UInt32.random(in: 0...UInt32.max))"
            guard files.createFile(atPath: path, contents: page) else { return }
        }
    }
}
