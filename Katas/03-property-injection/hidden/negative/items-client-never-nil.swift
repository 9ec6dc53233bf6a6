import Items

// Must be rejected: a client that can be nil turns a forgotten assignment into a crash.
func negativeItemsClientNeverNil() {
    let screen = ItemListViewModel()
    screen.client = nil
}
