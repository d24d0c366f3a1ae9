import Foundation
import Foundations
import Testing

/// `Drawn`: a script reads the content's fields; a page's template reads each part as the HTML its
/// drawer made. `KeptDrawing`: one drawing for each `drawnFrom`, whatever else the part holds.
@Suite struct KeptDrawingTests {
    struct Counter: Encodable, Sendable {
        let count: Int
    }

    struct CounterBadge: KeptDrawing {
        let content: Counter
        let drawnFrom: [Int]
    }

    /// Draws a part as its reuse identifier and fields, and counts what it draws.
    final class RecordingDrawer: ListItemDrawer, @unchecked Sendable {
        private(set) var drawn: [String] = []

        func html(for item: any ListItemViewModel) throws -> String {
            let fields = String(decoding: try JSONEncoder().encode(item), as: UTF8.self)
            drawn.append(fields)
            return "<\(item.reuseIdentifier)>\(fields)"
        }
    }

    @Test func aScript_readsTheContentsFields() throws {
        let drawn = Drawn(Counter(count: 3), parts: ["badge": [CounterBadge(content: Counter(count: 3), drawnFrom: [7])]])
        #expect(String(decoding: try JSONEncoder().encode(drawn), as: UTF8.self) == #"{"count":3}"#)
    }

    @Test func aPage_readsEachPartDrawnUnderItsName_itsItemsOneAfterTheOther() throws {
        let drawer = RecordingDrawer()
        var encoder = TemplateContextEncoder()
        encoder.userInfo[.listItemDrawer] = drawer
        let drawn = Drawn(Counter(count: 3), parts: [
            "badge": [CounterBadge(content: Counter(count: 3), drawnFrom: [7])],
            "list": [CounterBadge(content: Counter(count: 4), drawnFrom: [8]), CounterBadge(content: Counter(count: 5), drawnFrom: [9])],
            "none": [],
        ])
        let context = try #require(try encoder.encode(drawn) as? [String: Any])
        #expect(context["badge"] as? String == #"<CounterBadge>{"count":3}"#)
        #expect(context["list"] as? String == #"<CounterBadge>{"count":4}<CounterBadge>{"count":5}"#, "a list's items one after the other")
        #expect(context["none"] as? String == "")
        #expect(context["count"] == nil, "the page reads the parts only")
        #expect(drawer.drawn.count == 3)
    }

    @Test func aKeptDrawing_isTheSameItemForTheSameStates_whateverItsContent() {
        let before = CounterBadge(content: Counter(count: 1), drawnFrom: [3, 5])
        #expect(before == CounterBadge(content: Counter(count: 2), drawnFrom: [3, 5]))
        #expect(Set([before, CounterBadge(content: Counter(count: 2), drawnFrom: [3, 5])]).count == 1)
        #expect(before != CounterBadge(content: Counter(count: 1), drawnFrom: [3, 6]), "a state moved: drawn again")
    }
}
