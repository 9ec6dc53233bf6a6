/// Titles the reports use.
public enum ReportTitles {
    public static let year = "Your year"
}
