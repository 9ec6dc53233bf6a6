import ShelfDI
import Testing

@Test func verifyFindsAHoleBeforeAnyoneResolvesIt() {
    let holey = Container(
        Module {
            factory { _ in Page() }
            factory { r in Desk(bulb: try r.resolve()) }
        })
    #expect(throws: (any Error).self, "Nothing registers a bulb, so verify() should throw: the desk cannot be made.") {
        try holey.verify()
    }
    let mended = holey.overriding(Module { single { _ in WarmBulb() as any Bulb } })
    #expect(throws: Never.self, "With a bulb registered in the child, every registration can be made.") {
        try mended.verify()
    }
    let looped = Container(
        Module {
            factory { _ in Page() }
            factory { r in Chicken(egg: try r.resolve()) }
            factory { r in Egg(chicken: try r.resolve()) }
        })
    #expect(throws: (any Error).self, "A chicken and an egg that need each other should fail verify().") {
        try looped.verify()
    }
}
