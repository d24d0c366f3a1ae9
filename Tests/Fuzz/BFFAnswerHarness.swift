import Foundation
@testable import Foundations
@testable import Moments

/// A BFF's answer to the timeline query, classified as the dashboard classifies every answer
/// (`APISession.classify`) under each status a BFF may send: data or one of the session's errors.
enum BFFAnswerHarness {
    static func run(_ data: Data) {
        let status = data.first.map { [200, 400, 401, 403, 500, 502, 503][Int($0) % 7] } ?? 200
        _ = try? APISession.classify(status: status, body: Data(data.dropFirst()), as: GetMomentsByUserIDSession.Payload.self)
        _ = try? APISession.classify(status: 200, body: data, as: GetMomentsByUserIDSession.Payload.self)
    }
}
