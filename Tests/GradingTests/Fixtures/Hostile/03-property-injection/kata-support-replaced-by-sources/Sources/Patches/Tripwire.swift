/// Compiled into KataSupport instead of the kata's own Tripwire.swift (see `sources:` in
/// Package.swift). Same API, but the log never keeps a call site, so a check that counts the
/// places that reached the production client always counts zero, whichever client a screen
/// really used.
public final class TripwireLog: Sendable {
    public init() {}

    public func record(_ site: CallSite) {}

    public var sites: [CallSite] { [] }
}

public enum Tripwire {
    @TaskLocal public static var log: TripwireLog?
}
