import Foundation
import Synchronization

// The parts the container checks register: plain types of the checks, none of Shelf's.

/// Counts how often a registration's closure ran; safe to share between tasks.
final class Tally: Sendable {
    private let count = Mutex(0)

    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// Collects what several threads resolved.
final class Collected: Sendable {
    private let results = Mutex<[Result<Lamp, any Error>]>([])

    func add(_ result: Result<Lamp, any Error>) { results.withLock { $0.append(result) } }
    var values: [Result<Lamp, any Error>] { results.withLock { $0 } }
}

final class Socket: Sendable {}

final class Lamp: Sendable {
    let socket: Socket

    init(socket: Socket) { self.socket = socket }
}

final class Page: Sendable {}

protocol Bulb: Sendable {
    var colour: String { get }
}

struct WarmBulb: Bulb {
    var colour = "warm"
}

struct ColdBulb: Bulb {
    var colour = "cold"
}

struct Desk: Sendable {
    let bulb: any Bulb
}

final class Chicken: Sendable {
    let egg: Egg

    init(egg: Egg) { self.egg = egg }
}

final class Egg: Sendable {
    let chicken: Chicken

    init(chicken: Chicken) { self.chicken = chicken }
}

/// Two readers of one shared shelf: a dependency reached twice, which is not a cycle.
struct Study: Sendable {
    let left: Desk
    let right: Desk
}

/// What a thrown error says about itself, as a learner would read it in a log.
func readable(_ error: any Error) -> String {
    String(describing: error)
}
