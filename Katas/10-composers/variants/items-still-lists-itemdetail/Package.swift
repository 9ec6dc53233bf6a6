// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    // KataSupport uses Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login"),
        .target(name: "ItemDetail"),
        .target(name: "Items", dependencies: ["ItemDetail"]),
        .target(name: "Friends"),
        .executableTarget(
            name: "App", dependencies: ["APIClient", "Login", "Items", "ItemDetail", "Friends", "KataSupport"]),
        // Each feature is tested on its own, without the server's client.
        .testTarget(name: "FriendsTests", dependencies: ["Friends"]),
        .testTarget(name: "LoginTests", dependencies: ["Login"]),
        .testTarget(name: "ItemsTests", dependencies: ["Items"]),
    ]
)
