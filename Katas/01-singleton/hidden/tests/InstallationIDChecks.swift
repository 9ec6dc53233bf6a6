import APIClient
import Testing

@Test func everyReaderSeesOneInstallationID() async {
    let first = InstallationID.shared.value
    let seen = await withTaskGroup(of: String.self) { group in
        for _ in 0..<200 {
            group.addTask { InstallationID.shared.value }
        }
        var values: Set<String> = []
        for await value in group { values.insert(value) }
        return values
    }

    #expect(!first.isEmpty, "The installation ID is an empty string.")
    let allTheSame = seen == [first]
    #expect(
        allTheSame,
        "200 tasks reading `InstallationID.shared.value` at the same time saw \(seen.union([first]).count) different IDs.")
    #expect(
        InstallationID.shared === InstallationID.shared,
        "Reading `InstallationID.shared` twice gave two different instances.")
}
