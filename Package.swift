// swift-tools-version:6.2
import PackageDescription

// dikata: a terminal tutorial and kata runner for dependency injection in Swift.
// Dependencies point inward: DIKataCore is pure, Grading is the process/file shell,
// and the `dikata` executable is the only composition root.
let package = Package(
    name: "dikata",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "dikata", targets: ["dikata"]),
        // The workshop host has its own product, so a learner's `swift run dikata` never
        // compiles the server stack.
        .executable(name: "dikata-host", targets: ["dikata-host"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // A real Swift parser for the checks that read learner code (no hand-written lexer
        // that raw strings or nested comments can fool).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // Reads the symbol graphs the compiler writes for learner modules: `surface` checks
        // judge a module's declarations, whatever they are called.
        .package(url: "https://github.com/swiftlang/swift-docc-symbolkit", exact: "1.0.0"),
        // The workshop host logs through Hummingbird's logger type, so it names swift-log itself.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The host's connection guard is a NIO channel handler on Hummingbird's HTTP parts, and it
        // ends open event streams when the service group shuts down.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The host serves HTTPS (its own self-signed certificate, or the facilitator's). Only the
        // dikata-host product uses them: a learner's `dikata` speaks HTTPS through the system curl.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
    ],
    targets: [
        .target(
            name: "DIKataCore",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "Grading",
            dependencies: [
                "DIKataCore",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SymbolKit", package: "swift-docc-symbolkit"),
                // SHA-256 for build and safety cache keys (ContentHash).
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .systemLibrary(
            name: "CNcursesw",
            // No pkgConfig: its -D flags are refused by SwiftPM (with a warning); the shim sets what is needed.
            providers: [.apt(["libncursesw5-dev"]), .brew(["ncurses"])]
        ),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .target(
            name: "Lessons",
            dependencies: [
                "CCmarkGFM",
                // Code in lessons is coloured with the same parser the grader reads learner code with.
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "TerminalUI",
            dependencies: ["DIKataCore", "Lessons"]
        ),
        .target(
            name: "CursesShell",
            dependencies: ["DIKataCore", "TerminalUI", "CNcursesw"]
        ),
        .target(
            name: "Workshop",
            dependencies: ["DIKataCore"]
        ),
        .target(
            name: "WorkshopHost",
            dependencies: [
                "DIKataCore",
                // PrivateFile: the control token and the TLS key are written as the client writes its secrets.
                "Workshop",
                // Regrading shared code (`--verify`) runs `dikata grade` through Grading's process runner.
                "Grading",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        .executableTarget(
            name: "dikata-host",
            dependencies: [
                "WorkshopHost",
                "DIKataCore",
                "Grading",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "dikata",
            dependencies: [
                "DIKataCore",
                "Grading",
                "Lessons",
                "TerminalUI",
                "CursesShell",
                "Workshop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "DIKataCore", "Grading", "Lessons", "TerminalUI", "CursesShell", "Workshop", "WorkshopHost",
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "DIKataCoreTests",
            dependencies: ["DIKataCore", "TestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "WorkshopTests",
            dependencies: ["Workshop", "WorkshopHost", "DIKataCore", "Grading", "TestSupport"]
        ),
        .testTarget(
            name: "LessonsTests",
            dependencies: ["Lessons", "TestSupport"]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "CursesShell", "Lessons", "DIKataCore", "TestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "GradingTests",
            dependencies: [
                "DIKataCore", "Grading", "Lessons", "TestSupport", .product(name: "Yams", package: "Yams"),
                // The code view's oracle (SourceCodeViewTests) parses as the grader does.
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
