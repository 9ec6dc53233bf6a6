import Foundation

/// "Keeps the shelf fresh" with one thread per item it might ever show: ten thousand threads
/// that never finish. Each one reserves a stack, so without a limit on threads and on address
/// space the runner takes the machine's memory and scheduler with it, and the threads keep
/// running after the check that started them has ended.
enum Refresher {
    static func start() {
        for index in 0..<10_000 {
            let worker = Thread {
                while true { Thread.sleep(forTimeInterval: 60) }
            }
            worker.name = "shelf-refresh-\(index)"
            worker.start()
        }
    }
}
