import DIKataCore
import Foundation
import Hummingbird
import NIOCore
import NIOHTTPTypes
import Synchronization

/// The connections one server holds, shared by every connection's `ConnectionGuard`. Made by
/// the server that uses it (no global), a lock around a pure `ConnectionLedger`.
final class ConnectionGate: Sendable {
    private let ledger: Mutex<ConnectionLedger>
    let limits: ConnectionLimits

    init(limits: ConnectionLimits) {
        self.limits = limits
        ledger = Mutex(ConnectionLedger(limits: limits))
    }

    func admit(_ address: String) -> ConnectionLedger.Admission { ledger.withLock { $0.admit(address) } }
    func release(_ address: String, _ admission: ConnectionLedger.Admission) {
        ledger.withLock { $0.release(address, admission) }
    }
    var open: Int { ledger.withLock { $0.open } }
}

/// Sits on each connection after HTTP decoding: counts it against the gate, answers a refused
/// connection's request with 503/429 and `Retry-After`, and closes a connection that is idle
/// or slow past the limits (no complete head in time, a body that does not finish). A
/// response being written (a dashboard's event stream) is never timed out.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let gate: ConnectionGate
    private var address: String?
    private var admission: ConnectionLedger.Admission = .admitted
    private var answered = false
    private var deadline: Scheduled<Void>?

    init(gate: ConnectionGate) { self.gate = gate }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { opened(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        if let address { gate.release(address, admission) }
        address = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch admission {
        case .admitted: break
        case .dropped: return
        case .refused(let status, let retryAfter):
            if case .head = unwrapInboundIn(data), !answered { refuse(context, status: status, retryAfter: retryAfter) }
            return
        }
        switch unwrapInboundIn(data) {
        case .head: arm(context, gate.limits.bodyTimeout)
        case .body: break
        case .end: disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context, gate.limits.headerTimeout) }
        context.write(data, promise: promise)
    }

    // MARK: - Admission and deadlines

    private func opened(_ context: ChannelHandlerContext) {
        guard address == nil else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        self.address = address
        admission = gate.admit(address)
        switch admission {
        case .admitted: arm(context, gate.limits.headerTimeout)
        case .refused: arm(context, gate.limits.refusalGrace)
        case .dropped: context.close(promise: nil)
        }
    }

    private func arm(_ context: ChannelHandlerContext, _ duration: Duration) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(duration)) {
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }

    private func refuse(_ context: ChannelHandlerContext, status: Int, retryAfter: Int) {
        answered = true
        let message =
            status == 503
            ? "the host is full; try again in \(retryAfter) s" : "too many connections from your address"
        let body = ByteBuffer(bytes: (try? WorkshopWire.encoder.encode(ErrorBody(error: message))) ?? Data())
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(body.readableBytes)
        fields[.retryAfter] = String(retryAfter)
        fields[.connection] = "close"
        context.write(
            wrapOutboundOut(.head(HTTPResponse(status: .init(code: status), headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
