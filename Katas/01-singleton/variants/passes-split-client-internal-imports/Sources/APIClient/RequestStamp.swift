import KataSupport

/// What every request of a client carries, whatever the endpoint.
struct RequestStamp: Sendable {
    let host: String

    func stamped(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["Host"] = host
        request.headers[LaunchID.header] = LaunchID.shared.value
        return request
    }
}
