@testable import Foundations
import Testing

@Suite struct JSONDifferenceTests {
    @Test func sameAnswers_haveNoDifferences_whateverTheirKeyOrderAndSpacing() {
        #expect(JSONDifference.between(#"{"a": 1, "b": [true, null]}"#, #"{"b":[true,null],"a":1}"#).isEmpty)
    }

    @Test func aFieldOnlyInTheNewAnswer_isAdded() {
        #expect(JSONDifference.between(#"{"data": {"m": {}}}"#, #"{"data": {"m": {"likes": ["1"]}}}"#)
            == [JSONDifference(kind: .added, path: "data.m.likes", old: nil, new: #"["1"]"#)])
    }

    @Test func aFieldOnlyInTheRecordedAnswer_isRemoved_andANullIsNotAnAbsence() {
        #expect(JSONDifference.between(#"{"data": {"title": "Hi", "url": null}}"#, #"{"data": {"url": null}}"#)
            == [JSONDifference(kind: .removed, path: "data.title", old: #""Hi""#, new: nil)])
        #expect(JSONDifference.between(#"{"url": null}"#, #"{}"#) == [JSONDifference(kind: .removed, path: "url", old: "null", new: nil)])
    }

    @Test func aValueThatMoved_isChanged_atItsPathWithListPositions() {
        let old = #"{"data": {"moments": [{"id": "1", "isLiked": false}, {"id": "2", "isLiked": false}]}}"#
        let new = #"{"data": {"moments": [{"id": "1", "isLiked": false}, {"id": "2", "isLiked": true}]}}"#
        #expect(JSONDifference.between(old, new) == [JSONDifference(kind: .changed, path: "data.moments.1.isLiked", old: "false", new: "true")])
    }

    @Test func theSameItemsInAnotherOrder_areOneReorderedList_byTheirIDs() {
        let old = #"{"moments": [{"id": "1", "n": 1}, {"id": "2", "n": 2}, {"id": "3", "n": 3}]}"#
        let new = #"{"moments": [{"id": "3", "n": 3}, {"id": "1", "n": 1}, {"id": "2", "n": 2}]}"#
        #expect(JSONDifference.between(old, new) == [JSONDifference(kind: .reordered, path: "moments", old: #"["1","2","3"]"#, new: #"["3","1","2"]"#)])
        #expect(JSONDifference.between("[5, 6, 5]", "[5, 5, 6]") == [JSONDifference(kind: .reordered, path: "", old: "[0,1,2]", new: "[0,2,1]")])
    }

    @Test func itemsWithIDs_areComparedByID_soAnItemAtTheHeadIsOneAdded_andAGoneOneOneRemoved() {
        let old = #"{"likes": [{"id": "12", "avatar": "12.png"}, {"id": "9", "avatar": "9.png"}]}"#
        let new = #"{"likes": [{"id": "0", "avatar": "0.png"}, {"id": "12", "avatar": "12.png"}, {"id": "9", "avatar": "nine.png"}]}"#
        #expect(JSONDifference.between(old, new) == [JSONDifference(kind: .changed, path: "likes.1.avatar", old: #""9.png""#, new: #""nine.png""#),
                                                     JSONDifference(kind: .added, path: "likes.0", old: nil, new: #"{"avatar":"0.png","id":"0"}"#)])
        #expect(JSONDifference.between(new, old) == [JSONDifference(kind: .removed, path: "likes.0", old: #"{"avatar":"0.png","id":"0"}"#, new: nil),
                                                     JSONDifference(kind: .changed, path: "likes.2.avatar", old: #""nine.png""#, new: #""9.png""#)])
    }

    @Test func aListWhoseItemsChanged_isComparedPositionByPosition() {
        #expect(JSONDifference.between("[1, 2]", "[2, 3]") == [JSONDifference(kind: .changed, path: "0", old: "1", new: "2"),
                                                               JSONDifference(kind: .changed, path: "1", old: "2", new: "3")])
        #expect(JSONDifference.between("[1]", "[1, 2]") == [JSONDifference(kind: .added, path: "1", old: nil, new: "2")])
    }

    @Test func anIgnoredPath_isNotCompared_norWhatIsBelowIt_whereverItsStarsFall() {
        let old = #"{"data": {"q": {"moments": [{"id": "1", "createdDate": "100", "at": {"t": 1}}, {"id": "2", "createdDate": "200"}]}}}"#
        let new = #"{"data": {"q": {"moments": [{"id": "1", "createdDate": "150", "at": {"t": 2}}, {"id": "2", "createdDate": "250"}]}}}"#
        #expect(JSONDifference.between(old, new, ignoring: ["data.*.moments.*.createdDate", "data.q.moments.0.at"]).isEmpty)
        #expect(JSONDifference.between(old, new, ignoring: ["data.*.moments.*.createdDate"])
            == [JSONDifference(kind: .changed, path: "data.q.moments.0.at.t", old: "1", new: "2")])
        #expect(JSONDifference.between(old, new).map(\.path)
            == ["data.q.moments.0.at.t", "data.q.moments.0.createdDate", "data.q.moments.1.createdDate"])
    }

    @Test func itemsThatDifferOnlyInIgnoredPaths_areReorderedByTheRest() {
        let old = #"[{"id": "1", "createdDate": "100"}, {"id": "2", "createdDate": "200"}]"#
        let new = #"[{"id": "2", "createdDate": "250"}, {"id": "1", "createdDate": "150"}]"#
        #expect(JSONDifference.between(old, new, ignoring: ["*.createdDate"])
            == [JSONDifference(kind: .reordered, path: "", old: #"["1","2"]"#, new: #"["2","1"]"#)])
    }

    @Test func anAnswerThatIsNotJSON_isOneChangeAtTheRoot() {
        #expect(JSONDifference.between(#"{"data": {}}"#, "<html>") == [JSONDifference(kind: .changed, path: "", old: #"{"data": {}}"#, new: "<html>")])
        #expect(JSONDifference.between("<html>", "<html>").isEmpty)
    }
}
