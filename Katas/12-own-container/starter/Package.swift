// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    // KataSupport and ShelfDI use Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login"),
        .target(name: "Items"),
        .target(name: "Friends"),
        // Shelf's own container: it knows no Shelf type, only how to make and keep values.
        .target(name: "ShelfDI"),
        .executableTarget(
            name: "App", dependencies: ["APIClient", "Login", "Items", "Friends", "KataSupport", "ShelfDI"]),
        // Each feature is tested on its own, without the server's client.
        .testTarget(name: "FriendsTests", dependencies: ["Friends"]),
        .testTarget(name: "LoginTests", dependencies: ["Login"]),
        .testTarget(name: "ItemsTests", dependencies: ["Items"]),
    ]
)
