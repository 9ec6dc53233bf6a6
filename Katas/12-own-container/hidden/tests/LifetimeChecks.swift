import Foundation
import ShelfDI
import Testing

@Test func aFactoryMakesANewValueOnEveryResolve() throws {
    let pages = Tally()
    let container = Container(
        Module {
            factory { _ -> Page in
                pages.add()
                return Page()
            }
        })
    let first = try container.resolve(Page.self)
    let second = try container.resolve(Page.self)
    Expect.that(first !== second, "A factory's value should be new on every resolve; both resolves gave the same page.")
    Expect.that(pages.value == 2, "Two resolves of a factory should run its closure twice; it ran \(pages.value) times.")
}

/// A hundred threads resolve the same `single` at once, and it needs another `single` while it
/// is being made (so a lock held while making must not be the same lock the inner resolve
/// waits for). Threads, not tasks, so they overlap on any number of cores; the single is not
/// finished before every thread has set off to resolve it, so they meet it half-made however
/// slowly a loaded machine starts them.
@Test func aSingleIsMadeOnceUnderAHundredConcurrentResolves() {
    let lamps = Tally()
    let sockets = Tally()
    let setOff = Tally()
    let container = Container(
        Module {
            single { _ -> Socket in
                sockets.add()
                return Socket()
            }
            single { r -> Lamp in
                lamps.add()
                let latest = Date().addingTimeInterval(2)
                while setOff.value < 100 && Date() < latest { Thread.sleep(forTimeInterval: 0.001) }
                Thread.sleep(forTimeInterval: 0.005)
                return Lamp(socket: try r.resolve())
            }
        })
    let resolved = Collected()
    let finished = DispatchGroup()
    for _ in 0..<100 {
        finished.enter()
        let thread = Thread {
            setOff.add()
            resolved.add(Result { try container.resolve(Lamp.self) })
            finished.leave()
        }
        thread.stackSize = 1 << 18  // 100 threads, within the checks' memory limit
        thread.start()
    }
    finished.wait()
    let lampsResolved = resolved.values.compactMap { try? $0.get() }
    let distinct = Set(lampsResolved.map(ObjectIdentifier.init)).count
    Expect.that(
        lampsResolved.count == 100,
        "Every resolve of a registered single should succeed; \(100 - lampsResolved.count) threw.")
    Expect.that(lamps.value == 1, "A single should be made once; 100 concurrent resolves made it \(lamps.value) times.")
    Expect.that(distinct == 1, "Every resolve of a single should give the same value; 100 resolves gave \(distinct).")
    Expect.that(sockets.value == 1, "The single the lamp needs was made \(sockets.value) times instead of once.")
}
