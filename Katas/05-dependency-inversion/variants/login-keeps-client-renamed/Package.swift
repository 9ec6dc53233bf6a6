// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login", dependencies: ["APIClient"]),
        .target(name: "Items"),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items", "KataSupport"]),
    ]
)
