// swift-tools-version:6.0
import PackageDescription

/// Shelf's own targets spell every existential out as `any P`, so a protocol used as a type
/// never hides behind a bare name.
let explicitExistentials: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "Shelf",
    targets: [
        .target(name: "KataSupport"),
        .target(name: "APIClient", dependencies: ["KataSupport"], swiftSettings: explicitExistentials),
        .target(name: "Login", swiftSettings: explicitExistentials),
        .target(name: "Items", swiftSettings: explicitExistentials),
        .executableTarget(
            name: "App",
            dependencies: ["KataSupport", "APIClient", "Login", "Items"],
            swiftSettings: explicitExistentials),
    ]
)
