// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        // Read-only workshop plumbing: the tripwire transport, the recording transport, fixtures.
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login", dependencies: ["APIClient"]),
        .target(name: "Items", dependencies: ["APIClient"]),
        .target(
            name: "Friends", dependencies: ["APIClient"],
            // Lets Friends call APIClient's internal members as if they were public.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-access-control"])]),
        .executableTarget(name: "App", dependencies: ["Login", "Items", "Friends"]),
    ]
)
