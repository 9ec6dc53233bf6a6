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
        // The dependency values the root reads from the task that builds a screen.
        .target(name: "Ambient"),
        // The clock a screen gets when nobody hands it one.
        .target(name: "ShelfTime", dependencies: ["Ambient"]),
        .target(name: "Items", dependencies: ["ShelfTime"]),
        .target(name: "Friends"),
        .executableTarget(name: "App", dependencies: ["Ambient", "APIClient", "Login", "Items", "Friends", "KataSupport"]),
        // Each feature is tested on its own, without the server's client.
        .testTarget(name: "FriendsTests", dependencies: ["Friends"]),
        .testTarget(name: "LoginTests", dependencies: ["Login"]),
        .testTarget(name: "ItemsTests", dependencies: ["Items"]),
    ]
)
