// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login"),
        .target(name: "Items"),
        .executableTarget(
            name: "App",
            dependencies: ["APIClient", "Login", "Items", "KataSupport"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        // The root tested as a whole, on a stub transport.
        .testTarget(
            name: "ShelfTests",
            dependencies: ["App", "Items", "KataSupport", "Login"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
    ]
)
