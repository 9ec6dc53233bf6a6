// swift-tools-version:6.0
import PackageDescription

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: settings),
        .target(name: "Login", dependencies: ["APIClient"], swiftSettings: settings),
        .target(name: "Items", dependencies: ["APIClient"], swiftSettings: settings),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items"], swiftSettings: settings),
        .testTarget(name: "ShelfTests", dependencies: ["APIClient", "Login", "Items", "KataSupport"]),
    ]
)
