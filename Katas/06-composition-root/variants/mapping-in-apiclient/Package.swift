// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    targets: [
        .target(name: "KataSupport"),
        .target(name: "Login"),
        .target(name: "Items"),
        .target(name: "APIClient", dependencies: ["KataSupport", "Login", "Items"]),
        .executableTarget(name: "App", dependencies: ["APIClient", "Login", "Items", "KataSupport"]),
    ]
)
