import Foundation
import KataSupport

/// Which client Shelf talks to.
///
/// There are two answers, kept side by side in this file:
///
/// - `shared` is the production client. It is a constant: nothing can replace it for the
///   whole process.
/// - `current` is the client for the code running right now. It is `shared` until somebody
///   binds another client around a piece of work:
///
///       await ServerAPIClient.$current.withValue(stub) { await login.signIn() }
///
///   The binding belongs to the task that made it and the child tasks it starts, and it ends
///   when `withValue` returns, so an override cannot leak into other tasks or outlive its
///   call.
extension ServerAPIClient {
    /// The production client. In this course its transport never leaves the machine: it
    /// reports where it was called from and fails.
    public static let shared = ServerAPIClient(
        baseURL: URL(string: "https://api.shelf.example")!, transport: TripwireTransport())

    /// The client code in this task should use; `shared` unless an override is bound.
    @TaskLocal public static var current: ServerAPIClient = shared
}
