import Foundation
import Foundations
import HTTPServer
@testable import Moments
import Testing
import TestSupport

/// The product's types that the tests decode the JSON API's answers into (`Dashboard.decode`) read
/// back every field their routes wrote: encoded again, each answer is the JSON it came as. A type
/// whose decoding drops or renames a field fails here, not as a test that silently reads `nil`.
@Suite struct AnswerDecodingTests {
    @Test func eachDecodedAnswer_encodesAgainToTheSameJSON() async throws {
        let bff = try FakeBFF()
        bff.failLikes(of: "m3")
        try await withDashboard(bff: bff) { dashboard, _ in
            try await dashboard.setLikeFeature(true)
            _ = try await dashboard.send("PUT", "/api/toggles/likeButtonStyle", contentType: "application/json", body: #"{"override": "star"}"#)
            _ = try await dashboard.send("PUT", "/api/toggles/isNewTimelineLayoutEnabled", contentType: "application/json", body: #"{"isOn": true}"#)
            _ = try await dashboard.putFault("updateMomentLike", #"{"kind": "delay", "delayMs": 1, "remainingCalls": 5}"#)
            _ = try await dashboard.putFault("getMomentsDetailsByUserID", #"{"kind": "timeout"}"#)
            _ = try await dashboard.send("DELETE", "/api/area51/faults/getMomentsDetailsByUserID", contentType: "application/json", body: "")
            _ = try await dashboard.get("/", headers: ["Accept": "text/html"])

            for (path, type) in [("/api/toggles", ToggleRoutes.ToggleList.self), ("/api/area51/faults", FaultRoutes.FaultList.self),
                                 ("/api/tracking/events", TrackingRoutes.EventList.self)] as [(String, any Codable.Type)] {
                let answer = try await dashboard.get(path)
                #expect(answer.status == 200)
                #expect(try Self.encodedAgain(type, answer.text) == answer.text, "\(path)")
            }
            for id in ["m1", "m2", "m3"] {
                let like = try await dashboard.send("PUT", "/api/moments/\(id)/like", contentType: "application/json", body: #"{"isLiked": true}"#)
                #expect(like.status == 200)
                #expect(try Self.encodedAgain(MomentListItemViewModel.self, like.text) == like.text, "the like of \(id)")
            }
        }
    }

    /// The timeline and a moment's page encode themselves by hand (`TimelineAnswer`,
    /// `MomentPageAnswer`): each item and part of them is the product's type, and encodes again
    /// to the same JSON; the timeline's keys are the ones `TimelineAnswer` reads.
    @Test func timelineAndMomentPage_partsEncodeAgainToTheSameJSON() async throws {
        let bff = try FakeBFF()
        try await withDashboard(bff: bff, bffTimeout: .seconds(2)) { dashboard, _ in
            try await dashboard.setLikeFeature(true)
            #expect(try await dashboard.get("/api/timeline").status == 200)
            bff.failLikes(of: "m3")
            try Self.expectPartsRoundTrip(try await dashboard.get("/api/timeline?refresh=1").text)
            bff.behave(.status(500))
            let stale = try await dashboard.get("/api/timeline?refresh=1").text
            #expect(try Dashboard.decode(TimelineAnswer.self, from: stale).stale != nil)
            try Self.expectPartsRoundTrip(stale)
            bff.behave(.normal)

            for id in ["m1", "m2", "m3"] {
                let text = try await dashboard.get("/api/moments/\(id)").text
                let page = try Dashboard.decode(MomentPageAnswer.self, from: text)
                var object = try Self.object(text)
                let photos = object.removeValue(forKey: "photos")
                #expect(try Self.object(Self.encoded(page.item)) == object, "\(id)'s item")
                #expect(try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode(page.photos)) as? NSArray == photos as? NSArray)
            }
        }
    }

    private static func expectPartsRoundTrip(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let timeline = try Dashboard.decode(TimelineAnswer.self, from: text)
        let object = try Self.object(text)
        #expect(Set(object.keys).isSubset(of: ["sections", "hasContent", "hasError", "notice", "stale", "error", "errorMessage",
                                               "isLikeEnabled", "after", "nextCursor", "nextPageQuery", "partial"]),
                "keys TimelineAnswer does not read: \(object.keys.sorted())", sourceLocation: sourceLocation)
        let items = (object["sections"] as? [[String: NSObject]] ?? []).flatMap { $0["items"] as? [[String: NSObject]] ?? [] }
        let decoded = timeline.sections.flatMap(\.items)
        #expect(items.count == decoded.count, sourceLocation: sourceLocation)
        for (raw, item) in zip(items, decoded) {
            var raw = raw
            raw.removeValue(forKey: "reuseIdentifier")
            let again = switch item {
            case .profile(let profile): try Self.encoded(profile)
            case .moment(let moment): try Self.encoded(moment)
            }
            #expect(try Self.object(again) == raw, "\(again)", sourceLocation: sourceLocation)
        }
        if let partial = timeline.partial {
            let again = try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode(partial)) as? NSArray
            #expect(again == object["partial"] as? NSArray, sourceLocation: sourceLocation)
        }
    }

    private static func encodedAgain<T: Codable>(_ type: T.Type, _ text: String) throws -> String {
        try encoded(try Dashboard.decode(type, from: text))
    }

    private static func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encoder().encode(value), as: UTF8.self)
    }

    /// The JSON object `text` holds, to compare with another as a whole.
    private static func object(_ text: String) throws -> [String: NSObject] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: NSObject])
    }
}
