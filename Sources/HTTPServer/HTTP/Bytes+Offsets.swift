import Glibc

extension Collection where Element == UInt8, Index == Int {
    /// Where `value` starts in these bytes, each place once and none overlapping another, in order.
    /// Searched with `memchr` and `memcmp`: a generic search steps through a page a byte at a time.
    public func offsets(of value: some Collection<UInt8>) -> [Int] {
        let needle = Array(value)
        guard !needle.isEmpty else { return [] }
        let found = withContiguousStorageIfAvailable { haystack -> [Int] in
            guard let base = haystack.baseAddress else { return [] }
            var offsets: [Int] = []
            var start = 0
            needle.withUnsafeBytes { needle in
                let first = Int32(needle[0])
                while haystack.count - start >= needle.count,
                      let hit = memchr(base + start, first, haystack.count - start - needle.count + 1) {
                    let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                    if memcmp(hit, needle.baseAddress!, needle.count) == 0 {
                        offsets.append(startIndex + offset)
                        start = offset + needle.count
                    } else {
                        start = offset + 1
                    }
                }
            }
            return offsets
        }
        return found ?? Array(self).offsets(of: needle).map { startIndex + $0 }
    }
}
