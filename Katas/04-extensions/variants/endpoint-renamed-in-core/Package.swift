// swift-tools-version:6.0
import PackageDescription

/// Shelf's own targets spell every existential with `any`.
let shelfSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        // Read-only workshop plumbing: the tripwire transport, the recording transport, fixtures.
        .target(name: "KataSupport"),
        // The core: the client, the request type, the shared models.
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: shelfSettings),
        // Each feature sees the core and nothing else.
        .target(name: "Login", dependencies: ["APIClient"], swiftSettings: shelfSettings),
        .target(name: "Items", dependencies: ["APIClient"], swiftSettings: shelfSettings),
        .target(name: "Friends", dependencies: ["APIClient"], swiftSettings: shelfSettings),
        .executableTarget(name: "App", dependencies: ["Login", "Items", "Friends"], swiftSettings: shelfSettings),
    ]
)
