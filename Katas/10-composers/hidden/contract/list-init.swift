import Items

// Never called. Type-checked seeing only Items: the shelf is built from a loader and a closure
// that hears which book was picked, and nothing else.
@MainActor
func contractListInit(loader: any ItemsLoader) -> ItemListViewModel {
    let list = ItemListViewModel(loader: loader, onSelect: { (item: Item) in _ = item.id })
    list.select(Item(id: 1, title: "Piranesi", author: "Susanna Clarke"))
    return list
}
