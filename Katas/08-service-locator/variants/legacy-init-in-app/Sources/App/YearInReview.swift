import Reports

/// An older screen that makes its report as the other team always did. It should keep
/// compiling unchanged: there are many call sites like it in their codebase.
struct YearInReview {
    let report = ReportService(title: "Your year")

    func text() async -> String {
        await report.summary()
    }
}
