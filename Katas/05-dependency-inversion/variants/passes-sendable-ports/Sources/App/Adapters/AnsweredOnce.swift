#if DEBUG
import Synchronization

/// Both ports promise the screens one answer per request. Debug builds check that promise at
/// the seam, so a server adapter that answers twice stops right here, naming the request,
/// instead of confusing a screen later.
func answeredOnce<Answer>(
    _ completion: @escaping @Sendable (Answer) -> Void, by request: String
) -> @Sendable (Answer) -> Void {
    let answers = AnswerCount()
    return { answer in
        precondition(answers.next() == 1, "\(request) answered more than once")
        completion(answer)
    }
}

/// How many answers one request has had so far.
private final class AnswerCount: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
#else
/// Release builds trust the adapters and pass each answer straight on.
func answeredOnce<Answer>(
    _ completion: @escaping @Sendable (Answer) -> Void, by request: String
) -> @Sendable (Answer) -> Void {
    completion
}
#endif
