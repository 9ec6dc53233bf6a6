import APIClient
import Items

// Must not compile: the stage-3 seam should be gone from the list screen.
func negativeItemsClientRemoved(_ viewModel: ItemListViewModel) {
    viewModel.client = ServerAPIClient.shared
}
