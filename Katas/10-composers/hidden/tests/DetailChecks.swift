@testable import App
import ItemDetail
import Items
import Testing

@MainActor
@Test func selectingABookPushesItsDetailWithTheServersCover() async {
    let harness = DetailHarness()
    var detail: ItemDetailViewModel?
    let reached = await reachedProduction {
        await harness.signInAndLoad()
        detail = await harness.open(2)
    }
    Expect.that(reached.isEmpty, "With a fake server injected, code still reached the production server: \(reached).")
    guard let detail else { return }
    Expect.that(
        detail.itemID == 2 && detail.title == "Piranesi" && detail.author == "Susanna Clarke",
        "The pushed detail should be Piranesi by Susanna Clarke (id 2); it is \(detail.title) by \(detail.author) (id \(detail.itemID)).")
    Expect.that(
        detail.cover == "[cover 2]",
        "After load() the detail should show the cover the server drew for book 2, \"[cover 2]\"; it shows \(String(describing: detail.cover)).")
}

@MainActor
@Test func theImageCacheIsMadeOnceAndOnlyWhenADetailNeedsIt() async {
    let harness = DetailHarness()
    Expect.that(harness.caches.made == 0, "Building the root made \(harness.caches.made) image cache(s); nobody has opened a book yet.")
    await harness.signInAndLoad()
    Expect.that(
        harness.caches.made == 0,
        "Launching, signing in and loading the shelf made \(harness.caches.made) image cache(s); nobody has opened a book yet.")
    _ = await harness.open(1)
    _ = await harness.open(2)
    Expect.that(
        harness.caches.made == 1,
        "Two details should share one image cache, made when the first one was built; the root made \(harness.caches.made).")
    let again = await harness.open(2)
    Expect.that(
        again?.cover == "[cover 2]" && harness.coverRequests(2) == 1,
        "Opening book 2 a second time should take its cover from the shared cache; the server was asked \(harness.coverRequests(2)) times.")
}
