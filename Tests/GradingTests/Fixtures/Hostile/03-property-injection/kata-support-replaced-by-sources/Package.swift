// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    // KataSupport uses Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        // The read-only KataSupport, except that its tripwire now comes from Sources/Patches.
        .target(
            name: "KataSupport", path: "Sources",
            sources: [
                "KataSupport/Fixtures.swift", "KataSupport/HTTP.swift", "KataSupport/Launcher.swift",
                "KataSupport/RecordingTransport.swift", "KataSupport/Transport.swift", "Patches/Tripwire.swift",
            ]),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login", dependencies: ["APIClient"]),
        .target(name: "Items", dependencies: ["APIClient"]),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items"]),
        .testTarget(name: "ShelfTests", dependencies: ["APIClient", "Login", "Items", "KataSupport"]),
    ]
)
