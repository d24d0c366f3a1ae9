import BFF
import Foundation
import Testing
@testable import Moments
import TestSupport

/// A kept answer (a drawn page kept by its key, an answer the server lends without running its
/// handler) is the answer drawn afresh, after every change of a state it shows. Two dashboards
/// start on copies of one embedded BFF's data: one keeps what it draws and answers on a socket,
/// the other draws every answer in process. Both take the same change; then every page of the
/// first, asked twice (the second is kept), must equal the second's. A page that reads a state
/// its description of what it depends on lacks is kept across that state's change, and differs.
@Suite struct KeptAnswerTests {
    struct Change: Sendable, CustomStringConvertible {
        let description: String
        /// What a script sends before the pages are first asked (method, path, JSON body).
        var setup: [(String, String, String)] = []
        /// What a script sends to make the change.
        let requests: [(String, String, String)]
    }

    static let likeFeatureOn = ("PUT", "/api/toggles/isLikeButtonForMomentEnabled", #"{"isOn": true}"#)

    static let changes: [Change] = [
        Change(description: "the like feature switched on", requests: [("PUT", "/api/toggles/isLikeButtonForMomentEnabled", #"{"isOn": true}"#)]),
        Change(description: "the new layout switched on", requests: [("PUT", "/api/toggles/isNewTimelineLayoutEnabled", #"{"isOn": true}"#)]),
        // Both change how list items look: the avatars' shape, the like buttons' icon.
        Change(description: "a remote toggle overridden", requests: [("PUT", "/api/toggles/isRoundedAvatar", #"{"override": true}"#)]),
        Change(description: "the like button's style overridden", setup: [likeFeatureOn],
               requests: [("PUT", "/api/toggles/likeButtonStyle", #"{"override": "star"}"#)]),
        Change(description: "a fault set", requests: [("PUT", "/api/area51/faults/updateMomentLike", #"{"kind": "delay", "delayMs": 1}"#)]),
        Change(description: "a like", setup: [likeFeatureOn], requests: [("PUT", "/api/moments/2/like", #"{"isLiked": true}"#)]),
        Change(description: "another user's like of a moment", setup: [likeFeatureOn],
               requests: [("PUT", "/api/moments/4/like?userID=5", #"{"isLiked": true}"#)]),
        Change(description: "a fault cleared", setup: [("PUT", "/api/area51/faults/updateMomentLike", #"{"kind": "delay", "delayMs": 1}"#)],
               requests: [("DELETE", "/api/area51/faults", "")]),
    ]

    /// The pages asked, each as a script and as a person who picked Chinese asks.
    static let pages = ["/", "/api/timeline", "/moments/2", "/api/moments/2", "/healthz", "/area51/designkit",
                        "/area51/designkit?productName=Kit&version=2.0"]
    static let askers: [[String: String]] = [
        ["Cookie": "moments_csrf=\(Dashboard.csrfToken)"],
        ["Cookie": "moments_csrf=\(Dashboard.csrfToken); moments_lang=zh-Hans"],
    ]

    /// What two answers must share: the status, the body, and the validator (the gzip form's tag
    /// names the same bytes).
    struct Seen: Equatable, CustomStringConvertible {
        let status: Int
        let etag: String?
        let body: String
        var description: String { "\(status) \(etag ?? "no ETag") \(body.prefix(200))…" }
    }

    private static func seen(_ answer: (status: Int, headers: [String: String], text: String)) -> Seen {
        Seen(status: answer.status, etag: answer.headers["etag"].map { $0.replacingOccurrences(of: "-gzip\"", with: "\"") }, body: answer.text)
    }

    /// Two dashboards on copies of one BFF's demo data: `keeping` on a socket, `drawing` in process.
    private static func withTwins(_ body: (_ keeping: Dashboard, _ drawing: Dashboard) async throws -> Void) async throws {
        let first = Dashboard.temporaryDirectory(), second = Dashboard.temporaryDirectory()
        defer { for folder in [first, second] { try? FileManager.default.removeItem(at: folder) } }
        // The demo's moments are dated from when they are written: written once, copied, both show the same.
        do { _ = try EmbeddedBFF(dataDirectory: first) }
        try FileManager.default.copyItem(at: first, to: second)
        let (keeping, _) = try await Dashboard.startEmbedded(dataDirectory: first, transport: .socket)
        let (drawing, _) = try await Dashboard.startEmbedded(dataDirectory: second, keepsDrawnPages: false)
        do {
            try await body(keeping, drawing)
        } catch {
            await keeping.stop()
            await drawing.stop()
            throw error
        }
        await keeping.stop()
        await drawing.stop()
    }

    /// Every page, asked of both by every asker: the keeping one twice, so that its second answer
    /// is a kept one. A minute that turns between them changes the relative dates of both: asked
    /// again, then, up to three times.
    private static func expectSame(_ keeping: Dashboard, _ drawing: Dashboard, after change: String) async throws {
        for page in pages {
            for headers in askers {
                var kept: [Seen] = [], drawn = Seen(status: 0, etag: nil, body: "")
                for _ in 0..<3 {
                    kept = [seen(try await keeping.get(page, headers: headers)), seen(try await keeping.get(page, headers: headers))]
                    drawn = seen(try await drawing.get(page, headers: headers))
                    if kept.allSatisfy({ $0 == drawn }) { break }
                }
                #expect(kept[0] == drawn, "\(page) \(headers) drawn again after \(change)")
                #expect(kept[1] == drawn, "\(page) \(headers) kept after \(change)")
            }
        }
    }

    @Test(arguments: changes)
    func everyKeptAnswer_isTheAnswerDrawnAfresh_afterTheChange(_ change: Change) async throws {
        try await Self.withTwins { keeping, drawing in
            try await Self.send(change.setup, to: [keeping, drawing])
            try await Self.expectSame(keeping, drawing, after: "the start")
            try await Self.send(change.requests, to: [keeping, drawing])
            try await Self.expectSame(keeping, drawing, after: change.description)
        }
    }

    private static func send(_ requests: [(String, String, String)], to dashboards: [Dashboard]) async throws {
        for (method, path, body) in requests {
            for dashboard in dashboards {
                let answer = try await dashboard.send(method, path, contentType: "application/json", body: body)
                try #require(answer.status == 200, "\(method) \(path): \(answer.text)")
            }
        }
    }
}
