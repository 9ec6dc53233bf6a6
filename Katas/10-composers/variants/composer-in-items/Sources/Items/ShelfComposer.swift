/// Builds the shelf for any loader, for apps that do not care about picks.
@MainActor
public enum ShelfComposer {
    public static func makeList(loader: any ItemsLoader) -> ItemListViewModel {
        ItemListViewModel(loader: loader, onSelect: { _ in })
    }
}
