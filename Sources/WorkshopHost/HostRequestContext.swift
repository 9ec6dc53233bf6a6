import Hummingbird
import NIOCore

/// A request's context: Hummingbird's, plus the address it came from (the key of the
/// per-address rate limits, so one client's flood slows that client alone).
struct HostRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text ("unknown" when the channel has none).
    var address: String { remoteAddress?.ipAddress ?? "unknown" }
}
