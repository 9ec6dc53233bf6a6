import Items

// Must not compile: a list screen without its loader hides the dependency again.
func negativeItemsNeedLoader() {
    _ = ItemListViewModel()
}
