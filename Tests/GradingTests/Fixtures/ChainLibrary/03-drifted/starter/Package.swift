// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Greeter",
    targets: [
        .target(name: "KataSupport"),
        .target(name: "Greeter", dependencies: ["KataSupport"]),
    ]
)
