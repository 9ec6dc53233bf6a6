// swift-tools-version:6.0
import PackageDescription

/// Shelf's own targets write every existential as `any P`, so a protocol type never hides
/// behind a bare name.
let shelfSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Shelf",
    // KataSupport uses Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: shelfSettings),
        .target(name: "Login", dependencies: ["APIClient"], swiftSettings: shelfSettings),
        .target(name: "Items", dependencies: ["APIClient"], swiftSettings: shelfSettings),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items"], swiftSettings: shelfSettings),
    ]
)
