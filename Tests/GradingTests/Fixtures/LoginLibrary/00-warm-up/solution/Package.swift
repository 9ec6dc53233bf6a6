// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LoginKata",
    targets: [
        .target(name: "APIClient"),
        .target(name: "Login"),
    ]
)
