import Ambient
import Foundation

// Never called. It only has to compile: the dependency values, their test version and the
// task-local the root reads.
func contractDependenciesAPI() -> Date {
    var values = ShelfDependencies.failing(report: { _ in })
    values.now = { Date(timeIntervalSince1970: 0) }
    values.log = { _ in }
    let live: ShelfDependencies = .live
    _ = live
    return ShelfDependencies.$current.withValue(values) {
        ShelfDependencies.current.now()
    }
}
