import Foundation

/// Token buckets by key ("join 10.0.0.7", "participant <id>"): each key has its own, so one
/// client's flood slows that client alone. Pure; time is passed in.
struct RateLimiter: Sendable {
    /// How fast one kind of traffic may go: `capacity` at once, refilled at `perSecond`.
    struct Rate: Sendable, Equatable {
        var capacity: Double
        var perSecond: Double

        /// A participant's authenticated requests.
        static let participant = Rate(capacity: 30, perSecond: 10)
        /// Joins from one address (a classroom seat joins once; a script joins in a loop).
        static let join = Rate(capacity: 10, perSecond: 1)
        /// Requests without a valid token from one address (the page, health, failed logins).
        static let anonymous = Rate(capacity: 60, perSecond: 20)
    }

    /// Beyond this many keys, buckets that have refilled (idle keys) are forgotten.
    var maximumKeys = 10_000
    private var buckets: [String: TokenBucket] = [:]

    var count: Int { buckets.count }

    /// True when `key` may make another request at `time`.
    mutating func allow(_ key: String, rate: Rate, at time: Date) -> Bool {
        var bucket =
            buckets[key]
            ?? TokenBucket(capacity: rate.capacity, perSecond: rate.perSecond, tokens: rate.capacity, updated: time)
        let allowed = bucket.take(at: time)
        buckets[key] = bucket
        if buckets.count > maximumKeys { forgetIdle(at: time) }
        return allowed
    }

    private mutating func forgetIdle(at time: Date) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + time.timeIntervalSince(bucket.updated) * bucket.perSecond < bucket.capacity
        }
    }
}

/// A token bucket: `capacity` requests at once, refilled at `perSecond`.
struct TokenBucket: Sendable {
    var capacity: Double
    var perSecond: Double
    var tokens: Double
    var updated: Date

    mutating func take(at time: Date) -> Bool {
        tokens = min(capacity, tokens + time.timeIntervalSince(updated) * perSecond)
        updated = time
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
