import APIClient

// `swift run App --demo` shows Shelf with made-up data, for laptops without a server. The
// demo client is bound only for the run; `shared` itself never changes.
if CommandLine.arguments.contains("--demo") {
    await ServerAPIClient.$current.withValue(DemoServer.client(), operation: runShelf)
} else {
    await runShelf()
}
