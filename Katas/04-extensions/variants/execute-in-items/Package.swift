// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        // Read-only workshop plumbing: the tripwire transport, the recording transport, fixtures.
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login", dependencies: ["APIClient", "Items"]),
        .target(name: "Items", dependencies: ["APIClient", "KataSupport"]),
        .target(name: "Friends", dependencies: ["APIClient", "Items"]),
        .executableTarget(name: "App", dependencies: ["Login", "Items", "Friends"]),
    ]
)
