/// What QA sets per operation for its next N calls or until cleared: a fault, a mock.
protocol CountedDown {
    /// How many calls it still shapes; `nil` until cleared.
    var remainingCalls: Int? { get set }
}

extension Fault: CountedDown {}
extension Mock: CountedDown {}

extension Dictionary where Value: CountedDown {
    /// One call of `key`'s setting: counted down, and removed after its last call. Answers the
    /// setting as that call uses it, whether it counts calls, and whether that call was its last.
    mutating func takeCall(_ key: Key) -> (setting: Value, isCounted: Bool, isLast: Bool)? {
        guard var setting = self[key] else { return nil }
        guard let remaining = setting.remainingCalls else { return (setting, false, false) }
        setting.remainingCalls = remaining - 1
        self[key] = remaining > 1 ? setting : nil
        return (setting, true, remaining == 1)
    }
}
