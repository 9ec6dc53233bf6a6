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
        // "Models every screen shares." All it does is re-export Login, so Items can use the
        // sign-in screen while its own dependency list never names Login.
        .target(name: "SharedModels", dependencies: ["Login"]),
        .target(name: "Items", dependencies: ["APIClient", "SharedModels"]),
        .target(name: "Friends", dependencies: ["APIClient"]),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items", "Friends"]),
        .testTarget(name: "ShelfTests", dependencies: ["APIClient", "Login", "Items", "Friends", "KataSupport"]),
    ]
)
