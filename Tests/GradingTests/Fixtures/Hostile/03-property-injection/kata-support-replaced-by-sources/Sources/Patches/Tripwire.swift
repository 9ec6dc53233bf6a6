/// Compiled into KataSupport instead of the kata's own Tripwire.swift (see `sources:` in
/// Package.swift). Same API, but the log never keeps a request, so a check that asks whether
/// a screen reached the production server always hears "no", whichever client the screen
/// really used.
public final class TripwireLog: Sendable {
    @_spi(Checks) public init() {}

    func record(_ request: HTTPRequest) {}

    public var requests: [HTTPRequest] { [] }
}

public enum Tripwire {
    @TaskLocal static var log: TripwireLog?

    @_spi(Checks) public static var logBinding: TaskLocal<TripwireLog?> { $log }
}
