// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        // "Networking helpers for Login": all it does is re-export APIClient, so Login can call
        // the client while its own dependency list never names APIClient.
        .target(name: "LoginNetworking", dependencies: ["APIClient"]),
        .target(name: "Login", dependencies: ["LoginNetworking"]),
        .target(name: "Items"),
        .executableTarget(name: "App", dependencies: ["Login", "Items", "KataSupport"]),
    ]
)
