import DIKataCore
import Foundation

/// The last verdict a build folder produced and the learner's files it graded. A grade that
/// had to wait for another grade of the same kata reuses that verdict when the files are the
/// same: the tutorial's watch and `dikata grade` saved at once get one grade, not two.
struct LastGrade: Codable {
    /// `sourcesHash(of:)` of the package when it was snapshotted.
    var sources: String
    var verdict: Verdict

    static func file(in folder: BuildFolder) -> URL { folder.root.appendingPathComponent("last-grade.json") }

    /// Every file of the package a grade reads (build folders and hidden entries left out).
    static func sourcesHash(of package: URL) -> String {
        var hash = ContentHash()
        for path in FolderWalk(package, skipping: [".build", ".swiftpm"], skipsHidden: true).files() {
            hash.add(path)
            hash.add(FileManager.default.contents(atPath: package.appendingPathComponent(path).path) ?? Data())
        }
        return hash.hex
    }

    static func read(from folder: BuildFolder) -> LastGrade? {
        FileManager.default.contents(atPath: file(in: folder).path).flatMap {
            try? JSONDecoder().decode(LastGrade.self, from: $0)
        }
    }

    func write(to folder: BuildFolder) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        RecordFile.replace(Self.file(in: folder), with: data)
    }
}
