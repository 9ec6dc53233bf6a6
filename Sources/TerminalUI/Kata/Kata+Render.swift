extension AppState {
    func drawKata(_ grid: inout CellGrid, _ position: KataPosition) {
        let page = kataPage(position)
        for (offset, line) in page.lines.dropFirst(position.scroll).prefix(bodyHeight).enumerated() {
            grid.put(line, row: 1 + offset, col: 1, limit: grid.cols - 2)
        }
    }

    /// The page for `position`: the one `handle` built, unless the state changed since.
    func kataPage(_ position: KataPosition) -> KataPage {
        if let page = builtKataPage, page.inputs == KataPage.Inputs(self, position: position) { return page }
        return KataPage.make(self, position: position)
    }

    /// Builds the kata screen's page when what it shows changed (once per change, not per use).
    mutating func cacheKataPage() {
        guard case .kata(let position) = screen else {
            builtKataPage = nil
            return
        }
        if builtKataPage?.inputs != KataPage.Inputs(self, position: position) {
            builtKataPage = KataPage.make(self, position: position)
        }
    }
}
