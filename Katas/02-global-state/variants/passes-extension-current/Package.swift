// swift-tools-version:6.0
import PackageDescription

let existentials: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: existentials),
        .target(name: "Login", dependencies: ["APIClient"], swiftSettings: existentials),
        .target(name: "Items", dependencies: ["APIClient"], swiftSettings: existentials),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items"], swiftSettings: existentials),
        .testTarget(name: "ShelfTests", dependencies: ["APIClient", "Login", "Items", "KataSupport"]),
    ]
)
