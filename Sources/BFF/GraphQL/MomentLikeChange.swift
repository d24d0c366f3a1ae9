/// One like or unlike of `updateMomentLikes`, the batched like of this BFF (an addition to the
/// contract, like `from`): `userID` likes (`isLiked: true`) or unlikes `momentID`.
struct MomentLikeChange: Codable, Sendable {
    /// Changes a document may carry at most, so one request cannot hold the store for long.
    static let maximumCount = 1000

    let momentID: Identifier
    let userID: Identifier
    let isLiked: Bool
}

/// A batch of more changes than `MomentLikeChange.maximumCount`: refused before any is applied.
struct TooManyLikeChanges: CodedError, CustomStringConvertible {
    let count: Int

    var code: String { "TOO_MANY_CHANGES" }

    var description: String {
        "updateMomentLikes takes at most \(MomentLikeChange.maximumCount) changes; this document has \(count)."
    }
}
