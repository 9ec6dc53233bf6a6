/// The titles the user finished reading.
public protocol ReadingStore: Sendable {
    func finishedTitles() async -> [String]
}
