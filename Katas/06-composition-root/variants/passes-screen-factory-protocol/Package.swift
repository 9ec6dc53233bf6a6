// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Shelf",
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login"),
        .target(name: "Items"),
        // The composition root holds everything together, so a warning there counts as a mistake.
        .executableTarget(
            name: "App",
            dependencies: ["APIClient", "Login", "Items", "KataSupport"],
            swiftSettings: [.treatAllWarnings(as: .error)]),
    ]
)
