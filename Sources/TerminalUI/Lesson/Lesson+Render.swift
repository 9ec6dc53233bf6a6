import Lessons

extension AppState {
    func drawLesson(_ grid: inout CellGrid, _ position: LessonPosition) {
        let lines = lessonLines(position)
        for (offset, line) in lines.dropFirst(position.scroll).prefix(bodyHeight).enumerated() {
            grid.put(line, row: 1 + offset, col: 2, theme: theme, limit: grid.cols - 3, highlight: position.search)
        }
    }
}
