import CoreMetrics

extension CoreMetrics.Timer {
    /// Records a `Duration` measured with `ContinuousClock`, which swift-metrics takes in nanoseconds.
    public func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
