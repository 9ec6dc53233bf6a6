/// One entry of a target's `swiftSettings`, as `swift package dump-package` prints it.
public struct SwiftSetting: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case define(String)
        case upcomingFeature(String)
        case experimentalFeature(String)
        case languageMode(String)
        /// `.defaultIsolation(MainActor.self)` and friends: the isolation's name.
        case defaultIsolation(String)
        case strictMemorySafety
        /// `.treatAllWarnings(as:)`: "error" or "warning".
        case treatAllWarnings(String)
        /// `.treatWarning(_:as:)`: the diagnostic group and "error" or "warning".
        case treatWarning(String, String)
        case unsafeFlags([String])
        case interoperabilityMode(String)
        /// A setting this version of dikata does not know, by its key in the manifest.
        case unknown(String)
    }

    public var kind: Kind
    /// `.when(configuration:)`: "debug" or "release"; nil for both.
    public var configuration: String?
    /// `.when(platforms:)`; empty for every platform.
    public var platforms: [String]
    /// `.when(traits:)`; empty when no trait is required.
    public var traits: [String]

    public init(_ kind: Kind, configuration: String? = nil, platforms: [String] = [], traits: [String] = []) {
        self.kind = kind
        self.configuration = configuration
        self.platforms = platforms
        self.traits = traits
    }
}

/// The compiler flags `swift build` (debug) gives a target's Swift files, worked out from the
/// manifest the way SwiftPM does: language mode, package name, `SWIFT_PACKAGE` and `DEBUG`,
/// then the target's own `swiftSettings`. What a kata cannot allow is a problem, not a flag.
public struct SwiftBuildFlags: Equatable, Sendable {
    /// The package name every module of the package is compiled with (`-package-name`), so
    /// `package` declarations are visible across its targets, the hidden checks included.
    public static let packageName = "kata"
    /// Flags every module of the package gets, hidden checks included.
    public static let common = ["-package-name", packageName, "-D", "SWIFT_PACKAGE", "-D", "DEBUG"]

    /// The language mode katas are written for: their data-race lessons are errors only here.
    public static let requiredLanguageMode = 6

    public var languageMode: String
    public var arguments: [String]

    public init(languageMode: String, arguments: [String]) {
        self.languageMode = languageMode
        self.arguments = arguments
    }

    /// A target that sets nothing: the kata's read-only targets, whatever the learner's manifest says.
    public static let plain = SwiftBuildFlags(languageMode: "6", arguments: [])

    /// `-swift-version`, the common flags and the target's settings, in SwiftPM's order.
    public var all: [String] { ["-swift-version", languageMode] + Self.common + arguments }

    /// The flags for `target`, or why it cannot be graded as written.
    public static func of(
        _ target: LearnerPackage.Target, in package: LearnerPackage, platform: String
    ) -> Result<SwiftBuildFlags, PackageProblem> {
        var mode = package.defaultLanguageMode
        var arguments: [String] = []
        for setting in target.swiftSettings where setting.applies(platform: platform, traits: package.defaultTraits) {
            switch setting.kind {
            case .define(let name): arguments += ["-D", name]
            case .upcomingFeature(let name): arguments += ["-enable-upcoming-feature", name]
            case .experimentalFeature(let name): arguments += ["-enable-experimental-feature", name]
            case .languageMode(let version): mode = version
            case .defaultIsolation(let isolation): arguments += ["-default-isolation", isolation]
            case .strictMemorySafety: arguments.append("-strict-memory-safety")
            case .treatAllWarnings(let level):
                arguments.append(level == "error" ? "-warnings-as-errors" : "-no-warnings-as-errors")
            case .treatWarning(let group, let level): arguments += [level == "error" ? "-Werror" : "-Wwarning", group]
            case .unsafeFlags(let flags):
                return .failure(
                    .unsupportedSetting(
                        target: target.name,
                        "`.unsafeFlags(\(flags))` hands the compiler arbitrary flags, which graded code may not choose (SwiftPM refuses them in dependencies for the same reason). Remove it; if you need a feature, use `.enableUpcomingFeature` or `.define`."
                    ))
            case .interoperabilityMode(let language):
                return .failure(
                    .unsupportedSetting(
                        target: target.name,
                        "`.interoperabilityMode(.\(language))` is not available in katas, which are Swift only. Remove it."
                    ))
            case .unknown(let key):
                return .failure(
                    .unsupportedSetting(
                        target: target.name,
                        "dikata does not know the Swift setting `\(key)`, so it cannot compile this target as `swift build` would. Remove it, or update dikata."
                    ))
            }
        }
        let major = Int(mode.split(separator: ".").first ?? "") ?? 0
        guard major >= requiredLanguageMode else {
            return .failure(
                .unsupportedSetting(
                    target: target.name,
                    "it would compile in the Swift \(mode) language mode. Katas are graded in Swift 6, where the data races these stages are about are errors: keep `// swift-tools-version:6.0` (or later) and remove any `.swiftLanguageMode(.v\(mode.prefix { $0 != "." }))` or `swiftLanguageModes:` that asks for an older mode."
                ))
        }
        return .success(SwiftBuildFlags(languageMode: mode, arguments: arguments))
    }
}

extension SwiftSetting {
    /// Whether the setting is in force for a debug build on `platform` with `traits` enabled.
    func applies(platform: String, traits enabled: Set<String>) -> Bool {
        if let configuration, configuration != "debug" { return false }
        if !platforms.isEmpty && !platforms.contains(platform) { return false }
        if !traits.isEmpty && !traits.contains(where: enabled.contains) { return false }
        return true
    }

    /// Reads one entry of `settings` in dump-package JSON; nil for non-Swift tools.
    static func fromDumpPackage(_ raw: [String: Any]) -> SwiftSetting? {
        guard raw["tool"] as? String == "swift", let kind = raw["kind"] as? [String: Any], let key = kind.keys.first
        else { return nil }
        let value = kind[key] as? [String: Any] ?? [:]
        let first = value["_0"] as? String ?? ""
        let second = value["_1"] as? String ?? ""
        let parsed: Kind =
            switch key {
            case "define": .define(first)
            case "enableUpcomingFeature": .upcomingFeature(first)
            case "enableExperimentalFeature": .experimentalFeature(first)
            case "swiftLanguageMode", "swiftLanguageVersion": .languageMode(first)
            case "defaultIsolation": .defaultIsolation(first)
            case "strictMemorySafety": .strictMemorySafety
            case "treatAllWarnings": .treatAllWarnings(first)
            case "treatWarning": .treatWarning(first, second)
            case "unsafeFlags": .unsafeFlags(value["_0"] as? [String] ?? [])
            case "interoperabilityMode": .interoperabilityMode(first)
            default: .unknown(key)
            }
        let condition = raw["condition"] as? [String: Any] ?? [:]
        return SwiftSetting(
            parsed, configuration: condition["config"] as? String,
            platforms: condition["platformNames"] as? [String] ?? [], traits: condition["traits"] as? [String] ?? [])
    }
}
