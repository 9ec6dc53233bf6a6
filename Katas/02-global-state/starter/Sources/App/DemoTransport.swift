import Foundation
import KataSupport

/// A pretend server for demos on machines without a backend: it signs everybody in and
/// lists two books.
struct DemoTransport: Transport {
    func send(
        _ request: HTTPRequest, from site: CallSite,
        completion: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        switch request.path {
        case "/session":
            completion(.success(HTTPResponse(status: 200, body: Data(#"{"token":"demo","userName":"guest"}"#.utf8))))
        case "/items":
            let items = #"[{"id":1,"title":"The Dispossessed"},{"id":2,"title":"Kindred"}]"#
            completion(.success(HTTPResponse(status: 200, body: Data(items.utf8))))
        default:
            completion(.success(HTTPResponse(status: 404)))
        }
    }
}
