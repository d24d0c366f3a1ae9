/// Waits until `condition` holds, asking it at once and then every `interval`, instead of
/// sleeping for a guessed time: a quick machine goes on at once, a loaded one gets up to `timeout`.
/// Throws `EventuallyTimedOut`, which names the call and `what` was awaited, when it still does
/// not hold after `timeout`; thrown out of a test, that fails it with this message.
///
///     try await eventually { bff.heldCount == 2 }
///     try await eventually("the stream to be freed", pollingEvery: .milliseconds(20)) { changes.subscriberCount == 0 }
public func eventually(
    _ what: @autoclosure () -> String = "the condition",
    timeout: Duration = .seconds(20),
    pollingEvery interval: Duration = .milliseconds(5),
    fileID: String = #fileID,
    line: Int = #line,
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
        if try await condition() { return }
        guard clock.now < deadline else {
            throw EventuallyTimedOut(description: "\(fileID):\(line): waited \(timeout) for \(what()), in vain")
        }
        try await Task.sleep(for: interval)
    }
}

/// The condition of `eventually` did not hold in time.
public struct EventuallyTimedOut: Error, CustomStringConvertible {
    public let description: String
}
