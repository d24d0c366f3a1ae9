import Foundations
import Testing

@Suite struct LeastRecentlyUsedCacheTests {
    @Test func pastTheLimit_theLeastRecentlyUsedIsDroppedFirst() {
        var cache = LeastRecentlyUsedCache<String, Int>(costLimit: 30)
        cache.set(1, cost: 10, for: "a")
        cache.set(2, cost: 10, for: "b")
        cache.set(3, cost: 10, for: "c")
        #expect(cache.value(for: "a") == 1, "a is now the most recently used")
        let dropped = cache.set(4, cost: 10, for: "d")
        #expect(dropped.map(\.key) == ["b"])
        #expect(cache.peek("b") == nil)
        #expect(cache.totalCost == 30)
        #expect(cache.set(5, cost: 25, for: "e").map(\.key) == ["c", "a", "d"])
        #expect(cache.totalCost == 25)
    }

    @Test func aValueAboveTheLimit_isNotKept_andReplacingAValueCountsItsNewCost() {
        var cache = LeastRecentlyUsedCache<String, Int>(costLimit: 10)
        cache.set(1, cost: 4, for: "a")
        #expect(cache.set(2, cost: 11, for: "big").map(\.key) == ["a", "big"])
        #expect(cache.totalCost == 0)
        cache.set(3, cost: 4, for: "a")
        cache.set(4, cost: 8, for: "a")
        #expect(cache.totalCost == 8)
        #expect(cache.peek("a") == 4)
        #expect(cache.removeAll { $0 == "a" }.map(\.value) == [4])
        #expect(cache.totalCost == 0)
        cache.set(5, cost: 10, for: "b")
        #expect(cache.value(for: "b") == 5, "slots freed are used again")
    }
}
