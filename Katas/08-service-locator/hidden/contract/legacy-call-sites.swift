import LegacyWiring
import Reports

// Type-checked with these two modules alone: the old call sites keep compiling once they
// import the legacy wiring, and the report still works the old way.
func contractLegacyCallSite() async -> String {
    await ReportService(title: "Your year").summary()
}
