// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    platforms: [.macOS(.v15)],
    targets: [
        // Read-only workshop plumbing, except that the tripwire now comes from Sources/Patches.
        .target(
            name: "KataSupport", path: "Sources",
            sources: [
                "KataSupport/CallSite.swift", "KataSupport/Fixtures.swift", "KataSupport/RecordingTransport.swift",
                "KataSupport/Transport.swift", "Patches/Tripwire.swift",
            ]),
        .target(name: "APIClient", dependencies: ["KataSupport"]),
        .target(name: "Login", dependencies: ["APIClient"]),
        .target(name: "Items", dependencies: ["APIClient"]),
        .executableTarget(name: "App", dependencies: ["Login", "Items"]),
    ]
)
