import CMicroHTTPD
import Foundation
import Locking
import Telemetry

/// Answers that handlers marked reusable (`Reuse`), kept by what the request asked: its method,
/// path, query arguments and every header but the trace's own (`X-Request-Id`, `traceparent`,
/// `tracestate`), as libmicrohttpd parsed them. A request that asks the same thing while the
/// answer's validity holds is answered at once on libmicrohttpd's thread: no `Request`, no task,
/// no middleware, no handler; the answer's effects run and a fresh per-client value is written
/// in. Everything a handler or a middleware reads of a request is in the key, so they would have
/// answered it the same.
///
/// Bounded by the bytes kept: past the budget the answers no longer current go, then all of them.
final class ReadyAnswers: Sendable {
    /// What a request asked, as bytes: equal keys, equal requests to every handler.
    struct Key: Hashable, Sendable {
        fileprivate var bytes: [UInt8]

        /// The bytes in one go: an array hashes its elements one at a time.
        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// An answer kept, ready to lend. A class: a reuse takes it out of the lock with one retain.
    /// `Reuse`'s parts are kept apart: read through a `Reuse`, each reuse would copy and destroy
    /// it whole, its arrays and closures retained and released.
    private final class Entry: Sendable {
        let responses: PreparedResponses
        let validity: AnswerValidity
        let effects: [Reuse.Effect]
        let perClientValue: PerClientValue?

        init(responses: PreparedResponses, reuse: Reuse) {
            self.responses = responses
            validity = reuse.validity
            effects = reuse.effects
            perClientValue = reuse.perClientValue
        }

        var cost: Int { responses.cost }
    }

    /// A kept answer's response lent to one request, to be given back when it completes.
    struct Lent: Sendable {
        let responses: PreparedResponses
        let prepared: PreparedResponses.Prepared

        func giveBack() { responses.giveBack(prepared) }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
    }

    private let budget: Int
    private let state = Locked(State())

    /// Keeps up to `budget` bytes of answers; 0 keeps none.
    init(budget: Int) {
        self.budget = budget
    }

    var isEnabled: Bool { budget > 0 }

    /// The answer kept for `key` while it is current, lent for the request `requestID` with
    /// its effects run and its per-client value made fresh; one no longer current is dropped.
    func lend(for key: Key, started: ContinuousClock.Instant, requestID: RequestID) -> Lent? {
        // The lock only finds the entry: its validity is read outside, where no other thread waits on it.
        guard let entry = state.withLock({ $0.entries[key] }) else { return nil }
        let now = ContinuousClock.now
        guard entry.validity.isCurrent(at: now) else {
            state.withLock { state in
                guard state.entries[key] === entry else { return }
                state.entries[key] = nil
                state.bytes -= entry.cost
            }
            return nil
        }
        guard let prepared = entry.responses.lend(requestID: requestID, value: entry.perClientValue?.make() ?? "") else {
            return nil
        }
        let elapsed = now - started
        for effect in entry.effects { effect(elapsed) }
        return Lent(responses: entry.responses, prepared: prepared)
    }

    /// Keeps `response` for `key` when its handler marked it reusable and it is still current.
    /// Not kept: a streamed body, and a per-client value that would stay in it (one the body is
    /// compressed around: the compressed bytes do not hold it as written).
    func keep(_ response: Response, for key: Key) {
        guard let reuse = response.reuse, reuse.validity.isCurrent(at: .now),
              let responses = PreparedResponses(response, perClientValue: reuse.perClientValue?.value) else { return }
        let entry = Entry(responses: responses, reuse: reuse)
        guard entry.cost <= budget / 4 else { return }
        state.withLock { state in
            if let old = state.entries.updateValue(entry, forKey: key) { state.bytes -= old.cost }
            state.bytes += entry.cost
            guard state.bytes > budget else { return }
            let now = ContinuousClock.now
            state.entries = state.entries.filter { $0.value.validity.isCurrent(at: now) }
            if state.entries.values.reduce(0, { $0 + $1.cost }) > budget { state.entries = [key: entry] }
            state.bytes = state.entries.values.reduce(0) { $0 + $1.cost }
        }
    }
}

extension ReadyAnswers.Key {
    /// The start of what a GET or HEAD to `url` asks, its query arguments and headers to be added
    /// as the head's walk meets them (`RequestHead`); `nil` for anything else (a write is never
    /// answered twice).
    init?(method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?) {
        guard let method, let url, strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0 else { return nil }
        bytes = []
        bytes.reserveCapacity(256)
        Self.append(method, to: &bytes)
        Self.append(url, to: &bytes)
    }

    /// Starts the values of `kind`, so that no query argument reads as a header.
    mutating func beginValues(of kind: MHD_ValueKind) {
        bytes.append(0xFF)
        bytes.append(UInt8(truncatingIfNeeded: kind.rawValue))
    }

    /// Adds a query argument or a header.
    mutating func append(_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>?) {
        Self.append(name, to: &bytes)
        Self.append(value, to: &bytes)
    }

    /// The C string and its end, so no two lists of strings run together alike.
    private static func append(_ string: UnsafePointer<CChar>?, to bytes: inout [UInt8]) {
        if let string {
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: string, count: strlen(string)))
        } else {
            bytes.append(1) // a key without a value, unlike one with an empty value
        }
        bytes.append(0)
    }
}
