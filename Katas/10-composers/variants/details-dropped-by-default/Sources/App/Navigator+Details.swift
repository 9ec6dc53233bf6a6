import ItemDetail

extension Navigator where Self: AnyObject {
    /// Navigators without a detail screen just ignore the book.
    func push(detail: ItemDetailViewModel) {}
}
