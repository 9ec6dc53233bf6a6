/// Where Shelf writes its log lines.
protocol LogSink: Sendable {
    func write(_ line: String)
}

/// Production's log: standard output.
struct ConsoleLog: LogSink {
    func write(_ line: String) {
        print(line)
    }
}
