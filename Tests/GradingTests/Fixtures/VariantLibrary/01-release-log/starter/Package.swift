// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ReleaseLog",
    targets: [.target(name: "App")]
)
