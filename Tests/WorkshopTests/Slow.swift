/// The slow tier: suites that compile Swift, grade katas, run dikata or a workshop host, or
/// drive a real terminal. Nested here so their ids start with `Slow`: `swift test --skip Slow`
/// runs the fast tier alone (pure logic, a few real processes, well under a minute); the full
/// suite, which `.ci/run` runs, includes both.
enum Slow {}
