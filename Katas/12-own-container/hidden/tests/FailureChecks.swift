import ShelfDI
import Testing

@Test func aMissingRegistrationThrowsAndNamesWhoAskedForIt() {
    let container = Container(Module { factory { r in Desk(bulb: try r.resolve()) } })
    do {
        let desk = try container.resolve(Desk.self)
        Issue.record("Resolving a desk with no bulb registered should throw; it gave \(desk).")
    } catch {
        let text = readable(error)
        Expect.that(text.contains("Bulb"), "The error should name the missing type (Bulb); it says: \(text)")
        Expect.that(
            text.contains("Desk"), "The error should name the registration that asked for it (Desk); it says: \(text)")
    }
    #expect(throws: (any Error).self, "Resolving an unregistered type directly should throw too.") {
        try container.resolve(Page.self)
    }
}

/// A chicken needs an egg, the egg (a single) needs a chicken. Resolving either must throw an
/// error that lists both, soon, and again on the next try; a dependency reached twice without
/// a loop (a study's two desks share one bulb) is no cycle.
@Test func aCycleThrowsAnErrorThatListsIt() {
    let container = Container(
        Module {
            factory { r in Chicken(egg: try r.resolve()) }
            single { r in Egg(chicken: try r.resolve()) }
        })
    for attempt in 1...2 {
        do {
            let chicken = try container.resolve(Chicken.self)
            Issue.record(
                "A chicken that needs an egg that needs a chicken cannot be made; attempt \(attempt) gave \(chicken).")
        } catch {
            let text = readable(error)
            Expect.that(
                text.contains("Chicken") && text.contains("Egg"),
                "The error should list the registrations in the cycle (Chicken, Egg); it says: \(text)")
        }
    }
    #expect(throws: (any Error).self, "Resolving the egg first should throw as well.") {
        try container.resolve(Egg.self)
    }
    let study = Container(
        Module {
            single { _ in WarmBulb() as any Bulb }
            factory { r in Desk(bulb: try r.resolve()) }
            factory { r in Study(left: try r.resolve(), right: try r.resolve()) }
        })
    #expect(throws: Never.self, "Two desks sharing one bulb is no cycle: the study should resolve.") {
        try study.resolve(Study.self)
    }
}
