import CMicroHTTPD
import Foundation
import Locking
import Telemetry

/// Answers that handlers marked reusable (`Reuse`), kept by what the request asked: its method,
/// path and query arguments (`Key`), then the values of the headers and cookies that the
/// middleware and handler read to make it (`RequestReads`), as libmicrohttpd parsed them. A
/// request that asks the same thing while the answer's validity holds is answered at once on
/// libmicrohttpd's thread: no `Request`, no task, no middleware, no handler; the answer's effects
/// run and the request's own per-client value is written in. Nothing they read of the request
/// differs, so they would have answered it the same: a stylesheet is kept once for every browser,
/// a page with a form once for every browser with a token and once for those without.
///
/// Bounded by the bytes kept: past the budget the answers no longer current go, then those used
/// longest ago.
final class ReadyAnswers: Sendable {
    /// What a request asked besides its headers and cookies, as bytes.
    struct Key: Hashable, Sendable {
        fileprivate var bytes: [UInt8]

        /// The bytes in one go: an array hashes its elements one at a time.
        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// What the answers kept for one `Key` read of their requests: the names whose values tell
    /// its answers apart. Grows (and starts the family over) when an answer read more.
    struct Reads: Sendable {
        /// Lowercased and sorted; matched against libmicrohttpd's by `names`.
        let headers: [String]
        let names: HeaderNames
        let cookies: [String]
        /// Cookies the answers hold as they came (`Cookies.echoed`), told apart by kind alone.
        let echoedCookies: [String]
        /// Which family of a key these are: a variant made for another is not looked up.
        let generation: Int

        init(headers: [String], cookies: [String], echoedCookies: [String], generation: Int) {
            self.headers = headers
            names = HeaderNames(headers)
            self.cookies = cookies
            self.echoedCookies = echoedCookies
            self.generation = generation
        }
    }

    /// A request's values of a family's `Reads`, as bytes: equal variants, equal answers.
    struct Variant: Hashable, Sendable {
        /// The `Reads.generation` it was made for.
        let generation: Int
        fileprivate var bytes: [UInt8] = []

        init(for reads: Reads) {
            generation = reads.generation
        }

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        /// A header read by the family, by its place in `Reads.headers`, and its value.
        mutating func append(header index: Int, _ value: UnsafeRawBufferPointer) {
            bytes.append(UInt8(truncatingIfNeeded: index))
            bytes.append(contentsOf: value)
            bytes.append(0)
        }

        /// A cookie read by the family, by its place in `Reads.cookies`, and its value if it came.
        mutating func append(cookie index: Int, _ value: UnsafeRawBufferPointer?) {
            bytes.append(0xFF)
            bytes.append(UInt8(truncatingIfNeeded: index))
            if let value { bytes.append(contentsOf: value) } else { bytes.append(1) }
            bytes.append(0)
        }

        /// A cookie the family echoes, by its place in `Reads.echoedCookies`, and its kind: absent,
        /// echoable (`Cookies.isEchoable`) or not.
        mutating func append(echoed index: Int, _ value: UnsafeRawBufferPointer?) {
            bytes.append(0xFE)
            bytes.append(UInt8(truncatingIfNeeded: index))
            bytes.append(value.map { Cookies.isEchoable($0) ? 1 : 2 } ?? 0)
        }
    }

    /// What a GET or HEAD asks, its variant when answers are kept for its key, and the values of
    /// the cookies those answers echo, in `Reads.echoedCookies`' order (empty when not echoable).
    struct Asked: Sendable {
        let key: Key
        let variant: Variant?
        var echoed: [String] = []
    }

    /// An answer kept, ready to lend. A class: a reuse takes it out of the lock with one retain.
    /// `Reuse`'s parts are kept apart: read through a `Reuse`, each reuse would copy and destroy
    /// it whole, its arrays and closures retained and released.
    private final class Entry: @unchecked Sendable {
        // Unchecked: `lastUsed` is only read and written under `ReadyAnswers.state`'s lock.
        let responses: PreparedResponses
        let validity: AnswerValidity
        let effects: [Reuse.Effect]
        let perClient: PerClient
        var lastUsed: UInt64 = 0

        init(responses: PreparedResponses, reuse: Reuse, perClient: PerClient) {
            self.responses = responses
            validity = reuse.validity
            effects = reuse.effects
            self.perClient = perClient
        }

        var cost: Int { responses.cost }
    }

    /// Where the per-client value of an answer lent comes from.
    private enum PerClient {
        case none
        case made(@Sendable () -> String)
        /// The request's value of the cookie at this place in its family's `Reads.echoedCookies`
        /// (`Asked.echoed`: a request is lent only answers of the family its head was read for).
        case echoed(Int)
    }

    /// The answers kept for one key.
    private struct Family {
        var reads: Reads
        var entries: [Variant: Entry] = [:]
    }

    /// A kept answer's response lent to one request, to be given back when it completes.
    struct Lent: Sendable {
        let responses: PreparedResponses
        let prepared: PreparedResponses.Prepared

        func giveBack() { responses.giveBack(prepared) }
    }

    private struct State {
        var families: [Key: Family] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var generations = 0
    }

    private let budget: Int
    private let state = Locked(State())

    /// Keeps up to `budget` bytes of answers; 0 keeps none.
    init(budget: Int) {
        self.budget = budget
    }

    var isEnabled: Bool { budget > 0 }

    /// What the answers kept for `key` read, if any are.
    func reads(for key: Key) -> Reads? {
        state.withLock { $0.families[key]?.reads }
    }

    /// The answer kept for what `asked` asks while it is current, lent for the request `requestID`
    /// with its effects run and its per-client value made fresh; one no longer current is dropped.
    func lend(for asked: Asked, started: ContinuousClock.Instant, requestID: RequestID) -> Lent? {
        guard let variant = asked.variant else { return nil }
        // The lock only finds the entry: its validity is read outside, where no other thread waits on it.
        let found = state.withLock { state -> Entry? in
            guard let family = state.families[asked.key], family.reads.generation == variant.generation,
                  let entry = family.entries[variant] else { return nil }
            state.clock += 1
            entry.lastUsed = state.clock
            return entry
        }
        guard let entry = found else { return nil }
        let now = ContinuousClock.now
        guard entry.validity.isCurrent(at: now) else {
            state.withLock { state in
                guard state.families[asked.key]?.entries[variant] === entry else { return }
                state.families[asked.key]?.entries[variant] = nil
                state.bytes -= entry.cost
            }
            return nil
        }
        let value = switch entry.perClient {
        case .none: ""
        case .made(let make): make()
        case .echoed(let index): asked.echoed[index]
        }
        guard let prepared = entry.responses.lend(requestID: requestID, value: value) else { return nil }
        let elapsed = now - started
        for effect in entry.effects { effect(elapsed) }
        return Lent(responses: entry.responses, prepared: prepared)
    }

    /// Keeps `response` to `request` for `key` when its handler marked it reusable and it is still
    /// current, under the values of what was read of `request`. Not kept: a streamed body, an
    /// answer made from every header, and a per-client value that would stay in it (one the body
    /// is compressed around: the compressed bytes do not hold it as written).
    func keep(_ response: Response, to request: Request, for key: Key) {
        let read = request.reads.read
        guard let reuse = response.reuse, !read.everything, reuse.validity.isCurrent(at: .now),
              let responses = PreparedResponses(response, perClientValue: reuse.perClientValue?.value) else { return }
        guard responses.cost <= budget / 4 else { return }
        state.withLock { state in
            var family = state.families.removeValue(forKey: key)
            if family == nil || !read.headers.isSubset(of: family!.reads.headers) || !read.cookies.isSubset(of: family!.reads.cookies)
                || !read.echoedCookies.isSubset(of: family!.reads.echoedCookies) {
                // A family told apart by more names: its answers were kept under fewer values.
                family?.entries.values.forEach { state.bytes -= $0.cost }
                state.generations += 1
                family = Family(reads: Reads(headers: (read.headers.union(family?.reads.headers ?? [])).sorted(),
                                             cookies: (read.cookies.union(family?.reads.cookies ?? [])).sorted(),
                                             echoedCookies: (read.echoedCookies.union(family?.reads.echoedCookies ?? [])).sorted(),
                                             generation: state.generations))
            }
            let perClient: PerClient
            switch reuse.perClientValue?.source {
            case nil: perClient = .none
            case .made(let make): perClient = .made(make)
            case .cookie(let name):
                // A cookie written in without being noted (`Cookies.echoed`) would be lent as another's.
                guard let index = family!.reads.echoedCookies.firstIndex(of: name) else {
                    state.families[key] = family
                    return
                }
                perClient = .echoed(index)
            }
            let entry = Entry(responses: responses, reuse: reuse, perClient: perClient)
            let variant = Self.variant(of: request, for: family!.reads)
            state.clock += 1
            entry.lastUsed = state.clock
            if let old = family!.entries.updateValue(entry, forKey: variant) { state.bytes -= old.cost }
            state.families[key] = family
            state.bytes += entry.cost
            if state.bytes > budget { evict(&state) }
        }
    }

    /// Drops the answers no longer current, then those used longest ago, to three quarters of the budget.
    private func evict(_ state: inout State) {
        let now = ContinuousClock.now
        var kept: [(key: Key, variant: Variant, entry: Entry)] = []
        for (key, family) in state.families {
            for (variant, entry) in family.entries where entry.validity.isCurrent(at: now) { kept.append((key, variant, entry)) }
        }
        kept.sort { $0.entry.lastUsed > $1.entry.lastUsed }
        var bytes = 0
        var families: [Key: Family] = [:]
        for item in kept where bytes + item.entry.cost <= budget * 3 / 4 {
            bytes += item.entry.cost
            families[item.key, default: Family(reads: state.families[item.key]!.reads)].entries[item.variant] = item.entry
        }
        state.families = families
        state.bytes = bytes
    }

    /// `request`'s values of `reads`, as the walk of libmicrohttpd's (`RequestHead`) makes them.
    private static func variant(of request: Request, for reads: Reads) -> Variant {
        var variant = Variant(for: reads)
        for field in request.headers.fields {
            guard let index = reads.headers.firstIndex(where: { HTTPHeaders.sameName($0, field.name) }) else { continue }
            var value = field.value
            value.withUTF8 { variant.append(header: index, UnsafeRawBufferPointer($0)) }
        }
        for (index, name) in reads.cookies.enumerated() {
            if var value = request.cookies.unnoted(name) {
                value.withUTF8 { variant.append(cookie: index, UnsafeRawBufferPointer($0)) }
            } else {
                variant.append(cookie: index, nil)
            }
        }
        for (index, name) in reads.echoedCookies.enumerated() {
            if var value = request.cookies.unnoted(name) {
                value.withUTF8 { variant.append(echoed: index, UnsafeRawBufferPointer($0)) }
            } else {
                variant.append(echoed: index, nil)
            }
        }
        return variant
    }
}

extension ReadyAnswers.Key {
    /// The start of what a GET or HEAD to `url` asks, its query arguments to be added as the
    /// head's walk meets them (`RequestHead`); `nil` for anything else (a write is never answered twice).
    init?(method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?) {
        guard let method, let url, strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0 else { return nil }
        bytes = []
        bytes.reserveCapacity(128)
        Self.append(method, to: &bytes)
        Self.append(url, to: &bytes)
    }

    /// Adds a query argument.
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
