// swift-tools-version:6.0
import PackageDescription

/// Settings for Shelf's own targets: imports are internal unless a file says otherwise, and
/// every existential is spelled `any`.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        // Read-only workshop plumbing: the tripwire transport, the recording transport, fixtures.
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: strict),
        .target(name: "Login", dependencies: ["APIClient"], swiftSettings: strict),
        .target(name: "Items", dependencies: ["APIClient"], swiftSettings: strict),
        .executableTarget(name: "App", dependencies: ["Login", "Items"], swiftSettings: strict),
    ]
)
