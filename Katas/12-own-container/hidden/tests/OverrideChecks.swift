import ShelfDI
import Testing

@Test func anOverrideWinsInTheChildAndLeavesTheParentAlone() throws {
    let parent = Container(
        Module {
            factory { _ in WarmBulb() as any Bulb }
            factory { r in Desk(bulb: try r.resolve()) }
        })
    let child = parent.overriding(Module { factory { _ in ColdBulb() as any Bulb } })
    let childBulb = try child.resolve((any Bulb).self).colour
    let childDesk = try child.resolve(Desk.self).bulb.colour
    let parentBulb = try parent.resolve((any Bulb).self).colour
    let parentDesk = try parent.resolve(Desk.self).bulb.colour
    Expect.that(childBulb == "cold", "The child should resolve its override (a cold bulb); it gave a \(childBulb) one.")
    Expect.that(
        childDesk == "cold",
        "A desk of the parent, made through the child, should get the child's bulb; it got a \(childDesk) one."
    )
    Expect.that(parentBulb == "warm", "The parent should be unchanged by its child; it now gives a \(parentBulb) bulb.")
    Expect.that(parentDesk == "warm", "The parent's desks should keep the parent's bulb; they got a \(parentDesk) one.")
}
