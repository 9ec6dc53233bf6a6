// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    // KataSupport uses Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        // "Networking helpers for Login": all it does is re-export APIClient, so Login can call
        // the client while its own dependency list never names APIClient.
        .target(name: "LoginNetworking", dependencies: ["APIClient"]),
        .target(name: "Login", dependencies: ["LoginNetworking"]),
        .target(name: "Items"),
        .target(name: "Friends"),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items", "Friends", "KataSupport"]),
        // Each feature is tested on its own, without the server's client.
        .testTarget(name: "FriendsTests", dependencies: ["Friends"]),
        .testTarget(name: "LoginTests", dependencies: ["Login"]),
        .testTarget(name: "ItemsTests", dependencies: ["Items"]),
    ]
)
