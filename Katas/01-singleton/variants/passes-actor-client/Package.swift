// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: strict),
        .target(name: "Login", dependencies: ["APIClient"], swiftSettings: strict),
        .target(name: "Items", dependencies: ["APIClient"], swiftSettings: strict),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items"], swiftSettings: strict),
    ]
)
