import Foundation
import Items

// Never called. It only has to compile: the shelf takes its clock in its initializer.
@MainActor
func contractListInit(loader: any ItemsLoader, now: @escaping @Sendable () -> Date) async -> [String] {
    let shelf = ItemListViewModel(loader: loader, now: now)
    await shelf.reload()
    return shelf.lines
}
