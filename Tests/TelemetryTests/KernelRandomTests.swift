import Testing
@testable import Telemetry

/// What `KernelRandom` hands out is never handed out again and never the zeros it leaves behind,
/// across refills of its pool, from many threads at once.
@Suite struct KernelRandomTests {
    @Test func tokensDrawnAcrossManyRefills_areAllDifferent_andNoneIsZero() async {
        // 8 tasks × 2,000 draws of 16 bytes: about 60 refills of the 4 KiB pool.
        let drawn = await withTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<2_000).map { _ in
                        var token = [UInt8](repeating: 0, count: 16)
                        token.withUnsafeMutableBytes(KernelRandom.fill)
                        return token
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(drawn.count == 16_000)
        #expect(Set(drawn).count == drawn.count)
        #expect(!drawn.contains([UInt8](repeating: 0, count: 16)))
    }

    @Test func words_coverEveryBit() {
        var random = KernelRandom()
        let words = (0..<64).map { _ in random.next() }
        #expect(words.reduce(0, |) == .max)
        #expect(words.reduce(.max, &) == 0)
    }

    /// Ids drawn as hex: 16 lowercase digits, never the same twice, every digit in every place.
    @Test func hexWords_areSixteenDigits_neverRepeated() {
        let ids = (0..<1_000).map { _ in KernelRandom.hex(bytes: 8) }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.utf8.count == 16 })
        for place in 0..<16 {
            let digits = Set(ids.map { Array($0.utf8)[place] })
            #expect(digits == Set("0123456789abcdef".utf8), "place \(place)")
        }
    }

    @Test func aRequestLargerThanThePool_isFilledToo() {
        var bytes = [UInt8](repeating: 0, count: 10_000)
        bytes.withUnsafeMutableBytes(KernelRandom.fill)
        #expect(bytes.filter { $0 == 0 }.count < 200)
    }
}
