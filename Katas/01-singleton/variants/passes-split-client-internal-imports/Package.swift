// swift-tools-version:6.0
import PackageDescription

/// Settings for Shelf's own targets: an import is internal unless the file says
/// `public import`, and every existential is written `any P`.
let shelfSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Shelf",
    // KataSupport uses Mutex from the Synchronization module.
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: shelfSettings),
        .target(name: "Login", dependencies: ["APIClient"], swiftSettings: shelfSettings),
        .target(name: "Items", dependencies: ["APIClient"], swiftSettings: shelfSettings),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items"], swiftSettings: shelfSettings),
    ]
)
