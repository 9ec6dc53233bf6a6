// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Shelf",
    targets: [
        .target(name: "KataSupport"),
        // An import is internal unless it says otherwise, and a member is only visible in a file
        // that imports the module declaring it: each file states exactly what it relies on.
        .target(
            name: "APIClient",
            dependencies: ["KataSupport"],
            swiftSettings: [
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]),
        .target(
            name: "Login",
            swiftSettings: [
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]),
        .target(
            name: "Items",
            swiftSettings: [
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]),
        .executableTarget(
            name: "App",
            dependencies: ["APIClient", "Items", "KataSupport", "Login"],
            swiftSettings: [
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]),
    ]
)
