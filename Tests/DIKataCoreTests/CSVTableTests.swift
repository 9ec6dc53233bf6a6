import DIKataCore
import Testing

@Suite("CSV: one writer, safe in a spreadsheet")
struct CSVTableTests {
    @Test("numbers are number cells, never text a spreadsheet reads as a date")
    func numbers() {
        let table = CSVTable(header: ["a", "b", "c"], rows: [[.integer(10), .decimal(1.5, digits: 2), .empty]])
        #expect(table.rendered() == "a,b,c\r\n10,1.50,\r\n")
    }

    @Test(
        "text starting with a formula character is neutralised", arguments: ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\tx"])
    func formulas(text: String) {
        let cell = CSVTable.render(.text(text))
        #expect(cell.hasPrefix("'") || cell.hasPrefix("\"'"))
    }

    @Test("quotes, commas and newlines follow RFC 4180")
    func quoting() {
        #expect(CSVTable.render(.text("a,\"b\"\nc")) == "\"a,\"\"b\"\"\nc\"")
        #expect(CSVTable.render(.text("plain")) == "plain")
    }

    @Test(
        "decimals round and keep their digits",
        arguments: [(0.005, "0.01"), (12.0, "12.00"), (-1.234, "-1.23"), (0.0, "0.00")])
    func decimals(value: Double, text: String) {
        #expect(CSVTable.formatted(value, digits: 2) == text)
    }

    @Test("the workshop export and the gradebook both neutralise a hostile name")
    func sharedWriter() {
        let book = Gradebook(
            kata: "k", checks: [],
            rows: [.init(submission: "=HYPERLINK(\"x\")", contentHash: "h", verdict: nil, error: "e")])
        #expect(book.csv().contains("\"'=HYPERLINK(\"\"x\"\")\""))
    }
}
