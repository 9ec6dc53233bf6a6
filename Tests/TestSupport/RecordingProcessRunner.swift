import Foundation
import Grading
import Synchronization

/// A `ProcessRunning` test value that runs every request on the live runner and remembers the
/// purpose of each, so a test can tell which compiles a grade really ran. A gated request is
/// remembered when its gate opens.
public final class RecordingProcessRunner: ProcessRunning {
    private let base: any ProcessRunning
    private let purposes = Mutex<[String]>([])
    private let hostedPurposes = Mutex<[String]>([])

    public init(base: any ProcessRunning) { self.base = base }

    public func run(_ request: ProcessRequest) async -> ProcessResult {
        if let hosted = request.hosted {
            // Offered to the grade's shared sandbox first, as the live runner does: remembered
            // as hosted when it ran there.
            purposes.withLock { $0.append(request.purpose) }
            if let result = await hosted() {
                hostedPurposes.withLock { $0.append(request.purpose) }
                return result
            }
            var own = request
            own.hosted = nil
            return await base.run(own)
        }
        guard let gate = request.gate else {
            purposes.withLock { $0.append(request.purpose) }
            return await base.run(request)
        }
        // Started at once; it counts as run only once its gate opens (a closed one ran nothing).
        async let result = base.run(request)
        if await gate.decision() { purposes.withLock { $0.append(request.purpose) } }
        return await result
    }

    /// The purposes recorded since the last call, and forgets them.
    public func take() -> [String] {
        purposes.withLock { taken in
            defer { taken = [] }; return taken
        }
    }

    /// The purposes of the processes that ran in a grade's shared sandbox (``ProcessRequest/hosted``)
    /// since the last call, and forgets them.
    public func takeHosted() -> [String] {
        hostedPurposes.withLock { taken in
            defer { taken = [] }; return taken
        }
    }
}
