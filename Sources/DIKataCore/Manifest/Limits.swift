/// Resource limits for grading one kata. Defaults suit small katas on a 2-core machine.
public struct Limits: Equatable, Sendable {
    /// Wall-clock limit for one compiler invocation.
    public var buildSeconds: Int
    /// Wall-clock limit for the whole hidden test run (all reruns included).
    public var testSeconds: Int
    /// Wall-clock limit for one test; a test over it is stopped and marked timed out.
    public var perTestSeconds: Int
    /// Address-space limit for the learner's code, in MiB.
    public var memoryMegabytes: Int
    /// Output kept per check (and for the whole run), in KiB; the rest is counted and dropped.
    public var outputKilobytes: Int

    public static let standard = Limits(
        buildSeconds: 120, testSeconds: 60, perTestSeconds: 10, memoryMegabytes: 4096,
        outputKilobytes: 64)

    public init(
        buildSeconds: Int, testSeconds: Int, perTestSeconds: Int, memoryMegabytes: Int,
        outputKilobytes: Int
    ) {
        self.buildSeconds = buildSeconds
        self.testSeconds = testSeconds
        self.perTestSeconds = perTestSeconds
        self.memoryMegabytes = memoryMegabytes
        self.outputKilobytes = outputKilobytes
    }
}
