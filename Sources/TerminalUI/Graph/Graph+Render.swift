import Lessons

extension AppState {
    func drawGraph(_ grid: inout CellGrid, kata: String) {
        guard let graph = graphs[kata] else {
            grid.put("  Reading your package…", row: 2, col: 0, style: theme.muted)
            return
        }
        let lines = GraphLayout(theme: theme).lines(graph, width: grid.cols - 2)
        for (offset, line) in lines.prefix(bodyHeight).enumerated() {
            grid.put(line, row: 1 + offset, col: 1, limit: grid.cols - 2)
        }
    }
}
