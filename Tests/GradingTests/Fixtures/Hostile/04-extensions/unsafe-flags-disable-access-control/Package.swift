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
        .target(
            name: "Friends", dependencies: ["APIClient"],
            // Lets Friends call APIClient's internal members as if they were public.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-access-control"])]),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items", "Friends"]),
        .testTarget(name: "ShelfTests", dependencies: ["APIClient", "Login", "Items", "Friends", "KataSupport"]),
    ]
)
