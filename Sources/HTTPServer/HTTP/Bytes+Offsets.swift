extension Collection where Element == UInt8, Index == Int {
    /// Where `value` starts in these bytes, each place once and none overlapping another, in order.
    func offsets(of value: some Collection<UInt8>) -> [Int] {
        var offsets: [Int] = []
        var start = startIndex
        while let found = self[start...].firstRange(of: value) {
            offsets.append(found.lowerBound)
            start = found.upperBound
        }
        return offsets
    }
}
