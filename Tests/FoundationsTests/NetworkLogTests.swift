import Foundation
@testable import Foundations
import Testing

/// The network log stays bounded: a ring of N exchanges, bodies cut at the cap, a byte budget.
@Suite struct NetworkLogTests {
    static func exchange(_ log: NetworkLog, body: Data = Data("{}".utf8)) -> NetworkExchange {
        NetworkExchange(kind: .graphQL, operationName: "getMomentsDetailsByUserID", operationType: "query", method: "POST", url: "test",
                        requestHeaders: [], requestBody: log.body(Data("{}".utf8)), status: 200, responseBody: log.body(body),
                        failure: nil, outcome: .ok, fault: nil, startedAt: Date(), duration: .milliseconds(1))
    }

    @Test func ring_dropsTheOldest_beyondItsCapacity() {
        let log = NetworkLog(capacity: 3)
        for _ in 1...5 { log.record(Self.exchange(log)) }
        #expect(log.latest.map(\.id) == [5, 4, 3])
        #expect(log.exchange(id: 2) == nil)
        #expect(log.exchange(id: 3)?.id == 3)
    }

    @Test func latestCount_isTheNewestThatMany_newestFirst() {
        let log = NetworkLog(capacity: 10)
        for _ in 1...6 { log.record(Self.exchange(log)) }
        #expect(log.latest(3).map(\.id) == [6, 5, 4])
        #expect(log.latest(20).map(\.id) == [6, 5, 4, 3, 2, 1], "no more than the ring holds")
        #expect(log.latest(0).isEmpty)
    }

    @Test func bodyOverTheCap_isCut_andSaysSo() {
        let log = NetworkLog(bodyCap: 1024)
        let recorded = log.record(Self.exchange(log, body: Data(repeating: UInt8(ascii: "a"), count: 5000)))
        #expect(recorded.responseBody.isTruncated)
        #expect(recorded.responseBody.size == 5000)
        #expect(recorded.responseBody.text.utf8.count == 1024)
        #expect(!log.record(Self.exchange(log)).responseBody.isTruncated)
    }

    @Test func bytesHeld_stayWithinTheBudget_whateverTheRingSize() {
        let log = NetworkLog(capacity: 500, bodyCap: 64 * 1024, byteBudget: 256 * 1024)
        for _ in 1...100 { log.record(Self.exchange(log, body: Data(repeating: 0x61, count: 64 * 1024))) }
        let held = log.latest.reduce(0) { $0 + $1.storedBytes }
        #expect(held <= 256 * 1024)
        #expect(log.latest.first?.id == 100, "the newest is kept")
    }

    @Test func sizeZero_recordsNothing_butNotesTheLastFailure() {
        let log = NetworkLog(capacity: 0)
        log.record(Self.exchange(log))
        log.record(Self.exchange(log), failure: .httpStatus(503))
        #expect(log.latest.isEmpty)
        #expect(log.lastFailure?.operationName == "getMomentsDetailsByUserID")
        let recording = NetworkLog(capacity: 1)
        recording.record(Self.exchange(recording))
        #expect(recording.latest.count == 1, "the same call on a log of size 1 is kept")
    }
}
