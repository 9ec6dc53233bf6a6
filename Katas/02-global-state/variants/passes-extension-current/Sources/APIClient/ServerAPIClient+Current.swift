import Foundation
import KataSupport

/// Which client code uses: the production default, and the one bound for the running task.
extension ServerAPIClient {
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    /// Bound for a closure with `$current.withValue`; `shared` everywhere else.
    @TaskLocal public static var current = shared
}
