// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    // KataSupport uses Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login", dependencies: ["APIClient"]),
        .target(name: "Items", dependencies: ["APIClient"]),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items"]),
        .testTarget(name: "ShelfTests", dependencies: ["APIClient", "Login", "Items", "KataSupport"]),
    ],
    // Read by SwiftPM in place of Package.swift, which is left as the kata shipped it.
    swiftLanguageModes: [.v5]
)
