import BFF
import Foundation
@testable import Foundations
@testable import Moments
import TestSupport

/// A user's timeline asked of a BFF directly, with the dashboard's own query and decoded as the
/// dashboard decodes it: what the BFF itself holds, to set beside what the dashboard shows.
enum TimelineAtTheBFF {
    /// The body of the dashboard's timeline query for `userID`: likes included, every moment.
    static func request(userID: String) throws -> Data {
        try JSONEncoder().encode(GraphQLRequestBody(query: GetMomentsByUserIDSession.query, operationName: "getMomentsDetailsByUserID",
                                                variables: GetMomentsByUserIDSession.Variables(userID: userID, withLikes: true, first: nil, after: nil)))
    }

    /// A BFF's answer to `request`, as the dashboard's client reads it (`APISession.classify`).
    static func details(status: Int, body: Data) throws -> MomentsDetails {
        try APISession.classify(status: status, body: body, as: GetMomentsByUserIDSession.Payload.self).data.getMomentsDetailsByUserID
    }
}

extension EmbeddedBFF {
    /// `userID`'s timeline as this BFF holds it (`TimelineAtTheBFF`).
    func timeline(of userID: String) async throws -> MomentsDetails {
        let (status, body) = await execute(body: try TimelineAtTheBFF.request(userID: userID))
        return try TimelineAtTheBFF.details(status: status.code, body: body)
    }
}
