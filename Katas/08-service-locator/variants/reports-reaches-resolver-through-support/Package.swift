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
        .target(name: "Items"),
        .target(name: "Friends"),
        // The other team's locator; only App and the legacy wiring know it.
        .target(name: "Resolver"),
        .target(name: "ReportSupport", dependencies: ["Resolver"]),
        .target(name: "Reports", dependencies: ["ReportSupport"]),
        // Keeps the old ReportService(title:) call sites compiling, resolving once per report.
        .target(name: "LegacyWiring", dependencies: ["Reports", "Resolver"]),
        .executableTarget(
            name: "App",
            dependencies: ["APIClient", "Login", "Items", "Friends", "KataSupport", "Reports", "Resolver", "LegacyWiring"]
        ),
        // Each feature is tested on its own, without the server's client.
        .testTarget(name: "FriendsTests", dependencies: ["Friends"]),
        .testTarget(name: "LoginTests", dependencies: ["Login"]),
        .testTarget(name: "ItemsTests", dependencies: ["Items"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports"]),
    ]
)
