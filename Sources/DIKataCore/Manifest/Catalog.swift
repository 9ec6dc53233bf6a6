/// The list of tracks and the order of their katas, as declared in `Katas/catalog.yaml`.
public struct Catalog: Equatable, Sendable {
    public struct Track: Equatable, Sendable, Identifiable {
        /// Stable identifier (`core`, `advanced`).
        public var id: String
        public var title: String
        /// Kata ids in the order a learner meets them; each unlocks when the one before passes.
        public var katas: [String]

        public init(id: String, title: String, katas: [String]) {
            self.id = id
            self.title = title
            self.katas = katas
        }
    }

    public var format: Int
    public var title: String
    public var tracks: [Track]

    public init(format: Int = KataManifest.supportedFormat, title: String, tracks: [Track]) {
        self.format = format
        self.title = title
        self.tracks = tracks
    }

    /// Every kata id, track by track, in learning order.
    public var orderedKataIDs: [String] { tracks.flatMap(\.katas) }

    /// The kata that follows `id` in learning order, if any.
    public func kata(after id: String) -> String? {
        let order = orderedKataIDs
        guard let index = order.firstIndex(of: id), index + 1 < order.count else { return nil }
        return order[index + 1]
    }
}
