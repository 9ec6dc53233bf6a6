import Foundation

/// The host's own grade of a shared result: the participant's code, copied and graded with the
/// hidden checks by the host's `dikata grade` (in its sandbox), compared with what the
/// participant's dikata reported.
public struct Verification: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Equatable, Sendable {
        /// The host's grade equals the reported one.
        case verified
        /// The host's grade differs from the reported one (points or pass).
        case mismatch
        /// The host could not grade the code (timeout, no grader, unreadable answer): the
        /// result stays self-reported.
        case unverifiable
    }

    /// The result regraded.
    public var resultId: String
    public var status: Status
    /// The host's grade (0 of 0 when it could not grade).
    public var points: Int
    public var maxPoints: Int
    public var passed: Bool
    /// What the participant's dikata reported for the same result.
    public var claimedPoints: Int
    public var claimedPassed: Bool
    /// Why the host could not grade, in words.
    public var detail: String?
    public var verifiedAt: Date

    public init(
        resultId: String, status: Status, points: Int, maxPoints: Int, passed: Bool, claimedPoints: Int,
        claimedPassed: Bool, detail: String? = nil, verifiedAt: Date
    ) {
        self.resultId = resultId
        self.status = status
        self.points = points
        self.maxPoints = maxPoints
        self.passed = passed
        self.claimedPoints = claimedPoints
        self.claimedPassed = claimedPassed
        self.detail = detail
        self.verifiedAt = verifiedAt
    }

    /// Compares the host's grade with the claim: `verified` when points, maximum and pass agree.
    public static func compare(
        _ claim: ResultSubmission, points: Int, maxPoints: Int, passed: Bool, at date: Date
    ) -> Verification {
        let agrees = claim.points == points && claim.maxPoints == maxPoints && claim.passed == passed
        return Verification(
            resultId: claim.id, status: agrees ? .verified : .mismatch, points: points, maxPoints: maxPoints,
            passed: passed, claimedPoints: claim.points, claimedPassed: claim.passed, verifiedAt: date)
    }

    /// The host could not grade `claim`'s code.
    public static func unverifiable(_ claim: ResultSubmission, because detail: String, at date: Date) -> Verification {
        Verification(
            resultId: claim.id, status: .unverifiable, points: 0, maxPoints: 0, passed: false,
            claimedPoints: claim.points, claimedPassed: claim.passed, detail: detail, verifiedAt: date)
    }
}

/// How far a dashboard cell can be trusted.
public enum Trust: String, Codable, Equatable, Sendable {
    /// The participant's own dikata graded it; the host has not (or could not) regrade it.
    case selfReported = "self-reported"
    /// The host regraded the latest attempt and got the same grade.
    case verified
    /// The host's regrade of an attempt disagreed with the reported grade.
    case mismatch

    /// A cell's trust: a mismatch shows until a newer attempt is regraded; `verified` only when
    /// the regraded attempt is the latest one.
    public static func of(_ verification: Verification?, latestResult: String?) -> Trust {
        switch verification?.status {
        case .mismatch: .mismatch
        case .verified where verification?.resultId == latestResult: .verified
        default: .selfReported
        }
    }
}

extension Dashboard.Cell {
    /// The trust column of the export: `verified`, `self-reported`, or the mismatch with the host's grade.
    public var trustText: String {
        guard trust == .mismatch, let verification else { return (trust ?? .selfReported).rawValue }
        return "mismatch (host: \(verification.points)/\(verification.maxPoints))"
    }

    /// A short mark for a terminal cell: "" (self-reported), " v" (verified) or " ≠" (mismatch).
    public var trustMark: String {
        switch trust {
        case .verified: " v"
        case .mismatch: " ≠"
        case .selfReported, nil: ""
        }
    }
}
