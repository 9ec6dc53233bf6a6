import APIClient

// `swift run App --demo` shows Shelf with made-up data, for laptops without a server.
//
// The whole run happens inside one binding of `current`: the demo client when asked for,
// otherwise `shared` itself, which is exactly what an unbound `current` would give.
let client: ServerAPIClient = CommandLine.arguments.contains("--demo") ? .demo() : .shared
await ServerAPIClient.$current.withValue(client) {
    await runShelf()
}
